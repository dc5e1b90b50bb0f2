import { measure } from "../validate/measure.mjs";

// npm run bench:request-scope (docs/benchmarks.md, "Request scope"): what a
// request scope costs a route, in process (app.request, no sockets), CPU per
// request: GET /plain, whose controller reaches no per-request component;
// GET /reaches, whose controller reaches one it does not read (the scope is
// opened and finished, nothing is built); GET /reads, which reads it (one
// instance built, its close(end) awaited before the answer).

const { app } = await import("./dist/bench/request-scope/src/routes.js");

const cases = Object.fromEntries(
  ["/plain", "/reaches", "/reads"].map((path) => [
    `GET ${path}`,
    async () => {
      const response = await app.request(path);
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
      await response.arrayBuffer();
    },
  ]),
);

const results = await measure(cases);
const plain = results["GET /plain"];
console.log(`node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
console.log("| route | requests/s | µs per request | against /plain |");
console.log("|---|---:|---:|---:|");
for (const [name, perSecond] of Object.entries(results)) {
  const change =
    name === "GET /plain" ? "" : `${perSecond > plain ? "" : "+"}${(((plain - perSecond) / perSecond) * 100).toFixed(1)}% time`;
  console.log(`| ${name} | ${Math.round(perSecond).toLocaleString("en")} | ${(1e6 / perSecond).toFixed(2)} | ${change} |`);
}
