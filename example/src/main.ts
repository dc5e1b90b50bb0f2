import { componentOf } from "honest";
import { serve } from "honest/node";
import { createExampleApp } from "./app.js";
import { AppConfig } from "./config/app-config.js";

// createExampleApp() reads the settings, and refuses to start when one is wrong (PORT=abc), before anything listens.
const app = createExampleApp();
const { PORT, SHUTDOWN_DRAIN_MS } = componentOf(app, AppConfig).env;
serve(app, { port: PORT, drainDelay: SHUTDOWN_DRAIN_MS });
