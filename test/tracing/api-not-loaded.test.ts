import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exampleDist } from "../support/example.js";

// Without an OpenTelemetry SDK, nothing is recorded and nothing is loaded
// (docs/reference/choices.md, "Traces: only @opentelemetry/api"): the built
// example, started without OTEL_EXPORTER_OTLP_ENDPOINT, serves and closes
// without @opentelemetry/api (nor any other @opentelemetry package) ever being
// resolved, as a module resolution hook sees every import; then, so that the
// hook is shown to see such an import, the script imports the API itself.
// With an SDK registered and createApp({ tracing: false }), the app records
// nothing either.

const HOOK = `
export async function resolve(specifier, context, next) {
  if (specifier.startsWith("@opentelemetry/")) globalThis.port?.postMessage(specifier);
  return next(specifier, context);
}
export function initialize({ port }) { globalThis.port = port; }
`;

const WITHOUT_SDK = `
import { register } from "node:module";
import { MessageChannel } from "node:worker_threads";
const { port1, port2 } = new MessageChannel();
const resolved = [];
port1.on("message", (specifier) => resolved.push(specifier));
port1.unref();
register("data:text/javascript," + encodeURIComponent(${JSON.stringify(HOOK)}), { data: { port: port2 }, transferList: [port2] });
const { appReady, closeApp } = await import("honest");
const { createExampleApp } = await import(process.argv[1]);
const app = createExampleApp({ log: false });
await appReady(app);
const answered = (await app.request("/items/1")).status;
await closeApp(app);
const registered = globalThis[Symbol.for("opentelemetry.js.api.1")] !== undefined;
const before = [...resolved];
await import("@opentelemetry/api");
await new Promise((settle) => setTimeout(settle, 100));
console.log(JSON.stringify({ answered, registered, before, after: resolved }));
`;

const TRACING_OFF = `
import { context, trace } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
const spans = new InMemorySpanExporter();
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }));
const { appReady, closeApp } = await import("honest");
const { createExampleApp } = await import(process.argv[1]);
const off = createExampleApp({ log: false, tracing: false });
const on = createExampleApp({ log: false });
await appReady(off);
await appReady(on);
const answered = [(await off.request("/items/1")).status, spans.getFinishedSpans().length];
await on.request("/items/1");
const recorded = spans.getFinishedSpans().map((span) => span.name).filter((name) => name.startsWith("GET"));
await closeApp(off);
await closeApp(on);
console.log(JSON.stringify({ answered, recorded }));
`;

function runScript(script: string): unknown {
  const env = { ...process.env };
  delete env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script, path.join(exampleDist, "app.js")], {
    encoding: "utf8",
    env,
    timeout: 60_000,
  });
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout.trim().split("\n").at(-1)!);
}

describe("an app with no OpenTelemetry SDK registered", () => {
  it("serves and closes without loading @opentelemetry/api", () => {
    expect(runScript(WITHOUT_SDK)).toEqual({ answered: 200, registered: false, before: [], after: ["@opentelemetry/api"] });
  });
});

describe("createApp({ tracing: false })", () => {
  it("records nothing even with an SDK registered, where the same app without it records the request", () => {
    expect(runScript(TRACING_OFF)).toEqual({ answered: [200, 0], recorded: ["GET /items/{id}"] });
  });
});
