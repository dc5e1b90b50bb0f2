import http from "node:http";
import { fileURLToPath } from "node:url";
import { machine } from "../http/machine.mjs";
import { pinSelf } from "../http/pin.mjs";
import { startNodeServer } from "../http/start-server.mjs";
import { startRedisServer } from "./dist/test/support/redis-server.js";

// npm run bench:fan-out (docs/benchmarks.md, "Fan-out through Redis"): a
// topic's messages delivered to SUBSCRIBERS server-sent-event clients split
// evenly across INSTANCES processes of one app (bench/fan-out/src), through
// a real Redis server this bench starts (the tests' starter,
// test/support/redis-server.ts); and, for comparison, the same subscribers on
// one process with the topic in process. This process publishes (POST
// /publish to the first instance) and is every subscriber, so one clock
// times each delivery, publish to arrival. Three figures per set-up:
// latency p50/p99 at a steady rate, messages per second when published as
// fast as the servers take them, and memory per subscriber (resident memory
// with the subscribers connected, less before, per subscriber).

pinSelf(fileURLToPath(import.meta.url));

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const STEADY_MESSAGES = Number(process.env.BENCH_STEADY ?? 200);
const STEADY_RATE = Number(process.env.BENCH_RATE ?? 20); // per second
const BURST_MESSAGES = Number(process.env.BENCH_BURST ?? 1000);
const SERVER = fileURLToPath(new URL("./server.mjs", import.meta.url));
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const now = () => performance.timeOrigin + performance.now();
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One SSE client: counts the ticks it gets and hands each delivery's latency to `onTick`. */
function subscribe(port, onTick) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/ticks", agent: false }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`GET /ticks answered ${response.statusCode}`));
      let pending = "";
      response.setEncoding("utf8").on("data", (chunk) => {
        pending += chunk;
        let end = pending.indexOf("\n\n");
        while (end !== -1) {
          const data = /^data: ?(.*)$/m.exec(pending.slice(0, end))?.[1];
          pending = pending.slice(end + 2);
          if (data !== undefined) onTick(JSON.parse(data), now());
          end = pending.indexOf("\n\n");
        }
      });
      response.on("error", () => {});
      resolve({ leave: () => request.destroy() });
    });
    request.on("error", (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

function publish(port, tick) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(tick);
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/publish",
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        response
          .resume()
          .on("end", () => (response.statusCode === 204 ? resolve() : reject(new Error(`POST /publish answered ${response.statusCode}`))));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Every figure for `instances` processes, through Redis when `redisUrl` is set. */
async function measure(label, instances, redisUrl) {
  if (redisUrl) process.env.REDIS_URL = redisUrl;
  else delete process.env.REDIS_URL;
  const servers = [];
  for (let i = 0; i < instances; i++) servers.push(await startNodeServer(`${label} #${i + 1}`, [SERVER]));
  try {
    await pause(500);
    const rssBefore = servers.map((server) => server.rssMb());
    let seq = 0;
    const latencies = [];
    let received = 0;
    let waiting;
    const onTick = (tick, at) => {
      received++;
      if (tick.seq > 0) latencies.push(at - tick.sentAt);
      if (waiting && received >= waiting.count) waiting.resolve();
    };
    const until = (count) => (received >= count ? Promise.resolve() : new Promise((resolve) => (waiting = { count, resolve })));
    const clients = [];
    for (let i = 0; i < SUBSCRIBERS; i++) clients.push(await subscribe(servers[i % instances].port, onTick));
    // Every subscription is in place once a warm-up tick reaches every client.
    await publish(servers[0].port, { seq: 0, sentAt: now() });
    await until(SUBSCRIBERS);
    await pause(1000);
    const rssAfter = servers.map((server) => server.rssMb());
    const perSubscriberKb = ((rssAfter.reduce((a, b) => a + b) - rssBefore.reduce((a, b) => a + b)) * 1024) / SUBSCRIBERS;

    // Steady: one message every 1/RATE s, each timed publish to arrival at every subscriber.
    received = 0;
    latencies.length = 0;
    for (let i = 0; i < STEADY_MESSAGES; i++) {
      await publish(servers[0].port, { seq: ++seq, sentAt: now() });
      await pause(1000 / STEADY_RATE);
    }
    await until(STEADY_MESSAGES * SUBSCRIBERS);
    const sorted = [...latencies].sort((a, b) => a - b);

    // Burst: BURST_MESSAGES published 16 at a time, as fast as the first instance takes them, until every subscriber has all.
    received = 0;
    const cpuBefore = servers.map((server) => server.cpuSeconds());
    const started = now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < BURST_MESSAGES) {
          next++;
          await publish(servers[0].port, { seq: ++seq, sentAt: now() });
        }
      }),
    );
    await until(BURST_MESSAGES * SUBSCRIBERS);
    const seconds = (now() - started) / 1000;
    const cpu = servers.map((server, i) => server.cpuSeconds() - cpuBefore[i]).reduce((a, b) => a + b);
    for (const client of clients) client.leave();
    return {
      label,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      messagesPerSecond: BURST_MESSAGES / seconds,
      deliveriesPerSecond: (BURST_MESSAGES * SUBSCRIBERS) / seconds,
      cpuUsPerDelivery: (cpu * 1e6) / (BURST_MESSAGES * SUBSCRIBERS),
      perSubscriberKb,
    };
  } finally {
    for (const server of servers) await server.stop();
  }
}

console.log(
  `# Fan-out: ${SUBSCRIBERS} SSE subscribers, ${STEADY_MESSAGES} messages at ${STEADY_RATE}/s, then ${BURST_MESSAGES} as fast as taken`,
);
console.log(machine());
const redis = await startRedisServer();
const results = [];
try {
  results.push(await measure("one process, topic in process", 1, undefined));
  results.push(await measure("one process, through Redis", 1, redis.url));
  results.push(await measure("two processes, through Redis", 2, redis.url));
} finally {
  await redis.stop();
}
console.log("\n| set-up | latency p50 | latency p99 | messages/s | deliveries/s | server CPU per delivery | memory per subscriber |");
console.log("|---|---|---|---|---|---|---|");
for (const r of results)
  console.log(
    `| ${r.label} | ${r.p50.toFixed(2)} ms | ${r.p99.toFixed(2)} ms | ${r.messagesPerSecond.toFixed(0)} | ${r.deliveriesPerSecond.toFixed(0)} | ${r.cpuUsPerDelivery.toFixed(2)} µs | ${r.perSubscriberKb.toFixed(1)} kB |`,
  );
