import { componentOf } from "honest";
import { serve } from "honest/node";
import { createExampleApp } from "./app.js";
import { AppConfig } from "./config/app-config.js";
import { closeOnSignals, startTelemetry } from "./telemetry.js";

// Before createApp, which traces when it finds an SDK registered (docs/guide/logs-and-traces.md, "Traces").
const telemetry = await startTelemetry();
// createExampleApp() reads the settings, and refuses to start when one is wrong (PORT=abc), before anything listens.
const app = createExampleApp();
const { PORT, SHUTDOWN_DRAIN_MS } = componentOf(app, AppConfig).env;
const server = serve(app, { port: PORT, drainDelay: SHUTDOWN_DRAIN_MS, handleSignals: telemetry === undefined });
if (telemetry) closeOnSignals(server, telemetry);
