import type { Context } from "hono";
import type { ServedRoute } from "../app/served-route.js";
import type { CheckedComponent } from "../injection/injector.js";
import type { RedisLink } from "../redis/redis-link.js";
import type { AppHealth, ProbeAnswer } from "./app-health.js";
import type { NamedCheck } from "./readiness-checks.js";

// The probes' routes (docs/guide/health.md, "Health"), served outside the
// app's middleware: an orchestrator's probe carries no token and no Origin,
// and a probe every few seconds is not worth a log line.

/** A probe's answer must never come from a cache. */
const PROBE_HEADERS = { "content-type": "application/json", "cache-control": "no-store" } as const;

export function healthRoutes(health: AppHealth): ServedRoute[] {
  const { live, ready } = health.settings;
  return [
    {
      path: live,
      handler: (c: Context) => answer(c, health.liveness()),
      listedAs: "Liveness probe",
      name: "the liveness probe",
      option: "health.live",
      behindMiddleware: false,
    },
    {
      path: ready,
      handler: async (c: Context) => answer(c, await health.readiness()),
      listedAs: "Readiness probe",
      name: "the readiness probe",
      option: "health.ready",
      behindMiddleware: false,
    },
  ];
}

/** The checks of a readiness probe: each component's healthCheck(), named by its path from a controller, then the Redis server's PING. */
export function readinessChecks(components: readonly CheckedComponent[], redis: RedisLink | undefined): NamedCheck[] {
  const checks: NamedCheck[] = components.map(({ name, instance, healthCheck }) => ({
    name,
    run: () => healthCheck.call(instance) as void | Promise<void>,
  }));
  if (redis !== undefined) checks.push({ name: "Redis", run: (timeout) => redis.ping(timeout) });
  return checks;
}

function answer(c: Context, { status, body }: ProbeAnswer): Response {
  return c.body(JSON.stringify(body), status, PROBE_HEADERS);
}
