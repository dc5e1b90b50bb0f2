import autocannon from "autocannon";

// The load: autocannon in this process (pinned to the load core), 50
// connections, a warm-up run that is thrown away, then the measured run.

export const CONNECTIONS = 50;

function run(port, request, seconds) {
  return autocannon({
    url: `http://127.0.0.1:${port}${request.path}`,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections: CONNECTIONS,
    duration: seconds,
  });
}

/**
 * req/s (the average of autocannon's per-second samples), p99 latency in ms,
 * the server's CPU time per request in µs over the measured run (from
 * `cpuSeconds`, the server's user + system time so far), and the failures:
 * errors, timeouts, other statuses.
 */
export async function measureLoad(port, request, { seconds, warmupSeconds, cpuSeconds }) {
  await run(port, request, warmupSeconds);
  const cpuBefore = cpuSeconds();
  const result = await run(port, request, seconds);
  const cpuUs = ((cpuSeconds() - cpuBefore) * 1e6) / result.requests.total;
  const otherStatuses = Object.entries(result.statusCodeStats)
    .filter(([status]) => Number(status) !== request.status)
    .reduce((sum, [, { count }]) => sum + count, 0);
  return {
    rps: result.requests.average,
    p99Ms: result.latency.p99,
    cpuUs,
    failures: result.errors + result.timeouts + otherStatuses,
  };
}
