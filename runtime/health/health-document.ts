import type { HealthSettings } from "./health-options.js";

// createApp({ health: { document: true } }): the probes in the OpenAPI
// document the app serves (docs/guide/health.md, "In the document"). Added to
// the served copy when the app is built: the probes are the app's, not the
// program's, so the document the build writes and the generated client
// leave them out.

const PROBE_SCHEMA = {
  type: "object",
  properties: {
    status: { type: "string", enum: ["live", "starting", "ready", "not ready", "stopping", "failed"] },
    checks: {
      type: "object",
      description: 'Each check by its dependency path (and "Redis"): "ok", or "failed: " and the reason.',
      additionalProperties: { type: "string" },
    },
    reason: { type: "string", description: "Why the app failed to start." },
  },
  required: ["status"],
} as const;

/** `document` (JSON text) with GET operations for the two probes. */
export function documentWithProbes(document: string, settings: HealthSettings): string {
  const parsed = JSON.parse(document) as { paths?: Record<string, Record<string, unknown>> };
  const paths = (parsed.paths ??= {});
  const operationIds = new Set(
    Object.values(paths).flatMap((item) => Object.values(item).map((operation) => (operation as { operationId?: unknown })?.operationId)),
  );
  const probes = [
    {
      path: settings.live,
      operationId: "liveness",
      summary: "Liveness probe",
      description: "200 while the process serves; 503 once it cannot (a component's init() failed).",
      ok: "The process serves.",
      notOk: "The process cannot serve.",
    },
    {
      path: settings.ready,
      operationId: "readiness",
      summary: "Readiness probe",
      description: "200 once every init() has finished and every check passes; 503 before that, while a check fails, and from shutdown on.",
      ok: "Ready for traffic; every check passed.",
      notOk: "Not ready: starting, a check failed, or stopping.",
    },
  ];
  for (const { path, operationId, summary, description, ok, notOk } of probes) {
    if (operationIds.has(operationId)) {
      throw new Error(
        `honest: createApp({ health: { document: true } }) adds the operation "${operationId}", which the document already has; rename that route's operation`,
      );
    }
    const content = { "application/json": { schema: PROBE_SCHEMA } };
    paths[path] = {
      ...paths[path],
      // Outside the app's middleware: a probe needs no credentials, whatever the document asks of the rest.
      get: {
        operationId,
        summary,
        description,
        security: [],
        responses: { "200": { description: ok, content }, "503": { description: notOk, content } },
      },
    };
  }
  return JSON.stringify(parsed);
}
