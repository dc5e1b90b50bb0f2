import { EventEmitter } from "node:events";
import { getRequestListener } from "@hono/node-server";
import { honestApp } from "./impl/honest.mjs";
import { honoApp } from "./impl/hono.mjs";
import { route as nodeRoute } from "./impl/node-http.mjs";
import { hundredItems } from "./items.mjs";
import { machine } from "./machine.mjs";
import { MEASURED } from "./requests.mjs";
import { WITH_CORS } from "./workload.mjs";

// npm run bench:steps: what a request costs inside the server, step by
// step, without the socket and HTTP parsing that every contender pays alike.
// Each request is handed to the server as Node would (an IncomingMessage-like
// object, a ServerResponse-like one that keeps what is written), in one
// process, and the CPU time per request is the median of rounds:
//
//   node:http            the bench's hand-written router: the floor
//   node-server, fixed   @hono/node-server answering a Response built per request: its own cost
//   hono                 the same routes by hand on Hono (its dispatch, its Context, c.json)
//   honest               the example app (honest's router, generated readers and writers)
//
// "honest − node-server, fixed" is what Hono's dispatch and honest's route add
// to the adapter's own cost: routing, reading the inputs, the handler,
// writing the JSON. GET routes only (a body would need a stream).
// BENCH_WORKLOAD=plain leaves CORS out (workload.mjs).

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 30_000);

function mockExchange(request, done) {
  const headers = { host: "127.0.0.1:3000", ...request.headers };
  const incoming = Object.assign(new EventEmitter(), {
    method: request.method,
    url: request.path,
    httpVersion: "1.1",
    headers,
    rawHeaders: Object.entries(headers).flat(),
    socket: { encrypted: false, remoteAddress: "127.0.0.1" },
    readableEnded: true,
    complete: true,
  });
  const outgoing = Object.assign(new EventEmitter(), {
    _contentLength: null,
    _hasBody: true,
    useChunkedEncodingByDefault: true,
    _removedContLen: false,
    writable: true,
    headersSent: false,
    status: 0,
    hasHeader: () => false,
    setHeader(name, value) {
      this.set ??= {};
      this.set[name] = value;
    },
    writeHead(status, written) {
      this.status = status;
      this.written = written;
      return this;
    },
    end(body) {
      this.body = body;
      done(this);
    },
    write() {},
  });
  return [incoming, outgoing];
}

/** CPU ns per request over `count` requests, a macrotask every 50 so promises settle as under load. */
async function measure(serve, request, count) {
  let pending = 0;
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));
  const bad = [];
  const before = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    pending++;
    const [incoming, outgoing] = mockExchange(request, (answered) => {
      if (answered.status !== request.status) bad.push(answered.status);
      if (--pending === 0) finish();
    });
    serve(incoming, outgoing);
    if (i % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
  }
  if (pending > 0) await finished;
  const used = process.cpuUsage(before);
  if (bad.length > 0) throw new Error(`${request.name}: answered ${bad[0]}, expected ${request.status}`);
  return ((used.user + used.system) * 1000) / count;
}

const store = () => hundredItems();
const fixedText = '{"status":"ok"}';
const contenders = {
  "node:http": (() => {
    const items = store();
    return (incoming, outgoing) => nodeRoute(incoming, outgoing, items);
  })(),
  "node-server, fixed": getRequestListener(
    () =>
      new Response(fixedText, {
        headers: WITH_CORS
          ? { "content-type": "application/json", "access-control-allow-origin": "*" }
          : { "content-type": "application/json" },
      }),
  ),
  hono: getRequestListener(honoApp(store()).fetch),
  honest: getRequestListener((await honestApp(store())).fetch),
};

console.log(`Machine: ${machine()}\n`);
console.log(
  `Workload: ${WITH_CORS ? "hono/cors() on every route (or its equivalent)" : "no middleware"}; ${ROUNDS} rounds of ${PER_ROUND} requests, medians; CPU ns per request, in process, no socket.\n`,
);
const names = Object.keys(contenders);
console.log(`| route | ${names.join(" | ")} | honest − node-server, fixed | honest ÷ node:http |`);
console.log(`|---|${names.map(() => "---:").join("|")}|---:|---:|`);
for (const request of MEASURED.filter((each) => each.method === "GET")) {
  const runs = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of names) {
      // node-server, fixed answers every path alike: it measures the adapter, not a route.
      runs[name].push(await measure(contenders[name], name === "node-server, fixed" ? { ...request, status: 200 } : request, PER_ROUND));
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
  // The first round warms up, unless it is the only one.
  const ns = Object.fromEntries(names.map((name) => [name, median(ROUNDS > 1 ? runs[name].slice(1) : runs[name])]));
  const cells = names.map((name) => Math.round(ns[name]).toLocaleString("en-US"));
  const overAdapter = Math.round(ns.honest - ns["node-server, fixed"]);
  console.log(`| ${request.name} | ${cells.join(" | ")} | ${overAdapter} | ${(ns.honest / ns["node:http"]).toFixed(2)} |`);
}
