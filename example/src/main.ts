import { componentOf } from "honest";
import { serve } from "honest/node";
import { createExampleApp } from "./app.js";
import { AppConfig } from "./config/app-config.js";

// createExampleApp() reads the settings, and refuses to start when one is wrong (PORT=abc), before anything listens.
const app = createExampleApp();
serve(app, { port: componentOf(app, AppConfig).env.PORT });
