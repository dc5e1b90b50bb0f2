import type * as OtelApi from "@opentelemetry/api";

// @opentelemetry/api is an optional peer (docs/reference/choices.md, "Traces:
// only @opentelemetry/api"): imported only when an SDK has registered a
// provider, so that an app without one (and every bundle for Workers that
// traces nothing) never reaches it. The specifier is a variable so that
// bundlers leave the import to run time.

const OTEL_API = "@opentelemetry/api";

export type OtelApiModule = typeof OtelApi;

/** @opentelemetry/api, or an error that says how to install it. */
export async function loadOtelApi(): Promise<OtelApiModule> {
  let loaded: OtelApiModule & { default?: OtelApiModule };
  try {
    loaded = await import(/* @vite-ignore */ OTEL_API);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") throw error;
    throw new Error(
      "honest: an OpenTelemetry SDK is registered, and honest records its spans and metrics through the @opentelemetry/api package, " +
        "which is not installed: npm install @opentelemetry/api (or createApp({ tracing: false }) to record nothing)",
    );
  }
  const api = loaded.trace ? loaded : loaded.default;
  if (!api?.trace) throw new Error("honest: the @opentelemetry/api package installed has no trace API: npm install @opentelemetry/api@1");
  return api;
}
