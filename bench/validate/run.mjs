import os from "node:os";
import { createApp } from "honest";
import * as bodyCases from "./body-cases.mjs";
import { scenarios } from "./bodies.mjs";
import { BenchController, responseItems } from "./dist/bench/validate/src/bench.controller.js";
import { honoApp } from "./hono-app.mjs";
import { bigintItems, numberItems } from "./items.mjs";
import { measure } from "./measure.mjs";
import { queries, queryCases, UNCHECKED_QUERY } from "./query-cases.mjs";
import * as responseCases from "./response-cases.mjs";
import { table } from "./table.mjs";

// npm run bench:validate: honest's generated body checks, query readers and
// response writers against zod, ajv and JSON.stringify. Prints markdown for docs/benchmarks.md.

Object.assign(responseItems, bigintItems);
const honest = createApp({ controllers: [BenchController], log: false });
const hono = honoApp(numberItems);

/** Times the cases once each answers `expected(name)`: the contenders must agree before they are compared. */
async function checkAndMeasure(cases, expected) {
  for (const [name, run] of Object.entries(cases)) {
    const answer = await run();
    if (answer !== expected(name))
      throw new Error(`${name} answered ${JSON.stringify(answer)}, expected ${JSON.stringify(expected(name))}`);
  }
  return measure(cases);
}

const FAULTS = 4;
const isUnchecked = (name) => name.startsWith("unchecked");

const bodyContenders = {
  "app.request": ({ path }, text) => bodyCases.httpCases(honest, hono, path, text),
  "no HTTP": ({ path, exactIntegers }, text) => bodyCases.directCases(BenchController, path, text, exactIntegers),
};

console.log(
  `node ${process.version}, ${os.availableParallelism()} CPUs (${os.cpus()[0]?.model ?? "unknown"}), ${new Date().toISOString()}\n`,
);

for (const scenario of scenarios) {
  for (const [where, contenders] of Object.entries(bodyContenders)) {
    const columns = { valid: await checkAndMeasure(contenders(scenario, scenario.valid), () => 0) };
    if (scenario.invalid) {
      // An unchecked handler accepts the invalid body.
      columns[`invalid (${FAULTS} faults)`] = await checkAndMeasure(contenders(scenario, scenario.invalid), (name) =>
        isUnchecked(name) ? 0 : FAULTS,
      );
    }
    console.log(`### ${scenario.name} body, ${where} (${scenario.valid.length} bytes valid)\n\n${table(columns, bodyCases.UNCHECKED)}\n`);
  }
}

{
  // One table: a column per query string. The unchecked route accepts the invalid one.
  const columns = {};
  for (const { name, search, faults } of queries) {
    columns[name] = await checkAndMeasure(queryCases(honest, hono, search), (contender) => (contender === UNCHECKED_QUERY ? 0 : faults));
  }
  const list = queries.map(({ name, search }) => `${name}: \`${search}\``).join("; ");
  console.log(`### Query<QueryFilter>, GET /query, app.request\n\n${list}\n\n${table(columns, UNCHECKED_QUERY)}\n`);
}

for (const [size, path] of [
  ["three", "/items/3"],
  ["hundred", "/items/100"],
]) {
  const count = bigintItems[size].length;
  const expected = JSON.stringify(numberItems[size]);
  const http = await checkAndMeasure(responseCases.httpCases(honest, hono, path), () => expected);
  console.log(`### Item[] response, ${count} items, app.request (${expected.length} bytes)\n\n${table({ "": http })}\n`);
  // The replacer writes ids as strings: it is the one case not checked against `expected`.
  const direct = responseCases.directCases(BenchController, path, bigintItems[size], numberItems[size]);
  const withIdsAsStrings = JSON.stringify(bigintItems[size], (_key, value) => (typeof value === "bigint" ? value.toString() : value));
  const texts = await checkAndMeasure(direct, (name) => (name === responseCases.REPLACER ? withIdsAsStrings : expected));
  console.log(`### Item[] response, ${count} items, no HTTP\n\n${table({ "": texts })}\n`);
}
