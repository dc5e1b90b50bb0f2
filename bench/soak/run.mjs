import autocannon from "autocannon";
import { fileURLToPath } from "node:url";
import { machine } from "../http/machine.mjs";
import { CAN_PIN, LOAD_CORE, pinSelf, SERVER_CORE } from "../http/pin.mjs";
import { startNodeServer } from "../http/start-server.mjs";
import { answers, autocannonRequests, MIX, unexpected } from "./mix.mjs";
import { report } from "./report.mjs";
import { levelling, sampleEvery } from "./rss.mjs";

// npm run soak: the example app, run as a user runs it (node example/dist/main.js),
// under a steady mix of valid and invalid requests from this process over
// loopback for minutes. Prints markdown for docs/reliability.md on standard
// output, progress on standard error; exits 1 when anything went wrong.
//   SOAK_MINUTES      how long (5)                     SOAK_RATE  requests per second overall (2000)
//   SOAK_CONNECTIONS  keep-alive connections (20)      SOAK_SAMPLE_SECONDS  RSS sampling interval (10)

pinSelf(fileURLToPath(import.meta.url));

const EXAMPLE = fileURLToPath(new URL("../../example/dist/main.js", import.meta.url));
const minutes = Number(process.env.SOAK_MINUTES ?? 5);
const rate = Number(process.env.SOAK_RATE ?? 2000);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 20);
const sampleSeconds = Number(process.env.SOAK_SAMPLE_SECONDS ?? 10);
const progress = (text) => process.stderr.write(`${text}\n`);

const server = await startNodeServer("example", [EXAMPLE], { captureOutput: true });
const base = `http://127.0.0.1:${server.port}`;
const countItems = async () => (await (await fetch(`${base}/items`)).json()).length;
const itemsBefore = await countItems();
const tally = new Map();
const rss = sampleEvery(sampleSeconds, () => server.rssMb());
const ticker = setInterval(() => {
  const last = rss.samples[rss.samples.length - 1];
  progress(
    `${Math.round(last.seconds).toString().padStart(5)} s  RSS ${last.mb.toFixed(1)} MB  ${answers(tally).toLocaleString("en-US")} answers`,
  );
}, sampleSeconds * 1000);

const load = await autocannon({
  url: base,
  requests: autocannonRequests(tally),
  connections,
  overallRate: rate,
  duration: minutes * 60,
});
clearInterval(ticker);
const samples = rss.stop();

// After the load: the server still answers, the store holds only what was
// created and not yet deleted when the load stopped, and it shuts down cleanly.
const health = (await fetch(`${base}/health`)).status;
const itemsLeft = await countItems();
const stopping = performance.now();
const exitCode = await server.stop();
const shutdownMs = performance.now() - stopping;
const { stderr } = server.output();

const memory = levelling(samples);
const after = { health, itemsLeft, itemsBefore, connections, exitCode, shutdownMs, stderr };
console.log(
  report({
    machine: machine(),
    method:
      `node example/dist/main.js${CAN_PIN ? ` pinned to core ${SERVER_CORE}, autocannon on core ${LOAD_CORE}` : " (not pinned: no taskset or one core)"}; ` +
      `${connections} keep-alive connections at ${rate.toLocaleString("en-US")} req/s overall for ${minutes} min, each connection cycling through the ${MIX.length} requests below; RSS of the server every ${sampleSeconds} s.`,
    load,
    tally,
    samples,
    memory,
    after,
  }),
);
const clean =
  load.errors === 0 &&
  load.timeouts === 0 &&
  unexpected(tally) === 0 &&
  memory.levelled &&
  health === 200 &&
  exitCode === 0 &&
  stderr === "" &&
  itemsLeft <= itemsBefore + connections;
process.exitCode = clean ? 0 : 1;
