import type { Context } from "hono";

// What the generated handler of a route marks as it goes, when the app traces
// (docs/how-it-works.md, "Phase marks"): createApp gives each route's handler
// factory a `trace` only then, and the generated code calls it as
// `trace?.phase(c, "read body")`, so that an app that traces nothing pays one
// optional call per phase. Each mark ends the request's phase before it and
// starts the next, a child span of the request's; the last one ends with the
// request's span. A stream's or a socket's life outlasts the request's span:
// `trace?.lasting(c, "stream")` starts it, and what it returns ends it.

/** Ends a lasting phase: with the fault that ended it, if one did. */
export type PhaseEnd = (error?: unknown) => void;

export interface PhaseMarks {
  /** Ends the request's current phase, if any, and starts the phase `name`. */
  phase(c: Context, name: string): void;
  /** Ends the request's current phase, if any, and starts the phase `name`, which lasts until the function returned is called. */
  lasting(c: Context, name: string): PhaseEnd;
}
