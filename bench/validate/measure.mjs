// Operations per second of async functions. Each is warmed up, then the
// contenders take turns running for a fixed time, several rounds, and each
// reports its median round: a noisy moment on a shared machine then costs all
// contenders alike, and no single descheduled round decides a figure.

const WARM_UP_MS = 500;
const ROUND_MS = 200;
const ROUNDS = 7;
const BATCH = 32;

async function opsPerSecond(fn, ms) {
  const start = performance.now();
  let ops = 0;
  let elapsed;
  do {
    for (let i = 0; i < BATCH; i++) await fn();
    ops += BATCH;
    elapsed = performance.now() - start;
  } while (elapsed < ms);
  return (ops * 1000) / elapsed;
}

/** `cases`: { name: async function } → { name: median ops/s }. */
export async function measure(cases) {
  const rounds = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (const fn of Object.values(cases)) await opsPerSecond(fn, WARM_UP_MS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, fn] of Object.entries(cases)) rounds[name].push(await opsPerSecond(fn, ROUND_MS));
  }
  const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
  return Object.fromEntries(Object.entries(rounds).map(([name, values]) => [name, median(values)]));
}
