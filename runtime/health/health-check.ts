// A component's own readiness check (docs/guide/health.md, "Checks"): honest
// calls `healthCheck()` on every component it built that has one, on each
// readiness probe. Writing `implements HealthCheck` has TypeScript check the
// method's signature; honest finds the method either way.

/** A component whose `healthCheck()` says whether it can serve: it returns (or resolves) when it can, and throws (or rejects) with the reason when it cannot. */
export interface HealthCheck {
  healthCheck(): void | Promise<void>;
}
