// The two workload sets of `npm run bench`: "cors" (the default), hono/cors()
// with its defaults in front of every route, as almost every app has it, or
// an equivalent of it for each contender; and "plain" (BENCH_WORKLOAD=plain),
// no middleware at all. Read by run.mjs, the equivalence check and each
// contender's server process, which inherits the variable.

export const WORKLOADS = ["cors", "plain"];
export const WORKLOAD = process.env.BENCH_WORKLOAD ?? "cors";
if (!WORKLOADS.includes(WORKLOAD)) throw new Error(`BENCH_WORKLOAD=${WORKLOAD}: one of ${WORKLOADS.join(", ")}`);

/** Whether every route answers with CORS headers and preflights get their 204. */
export const WITH_CORS = WORKLOAD === "cors";

/** The line each bench prints about the workload it measured. */
export const WORKLOAD_LINE = `Workload: ${WITH_CORS ? "hono/cors() with its defaults on every route (or each contender's equivalent)" : "no middleware (BENCH_WORKLOAD=plain)"}; GET /me checks a bearer token (honest: a resolver).\n`;
