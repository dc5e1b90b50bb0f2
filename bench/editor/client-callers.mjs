// The caller files client-vs-hc.mjs opens in tsserver: five typed calls, one
// to each of five controllers spread through the app (the first, the last
// and three between), each reading fields of the answer's data, written
// once for honest's generated client and once for Hono's `hc`. The same
// routes in the same order: get (its `dims.unit` kept in `unit`, whose type
// the bench asks tsserver for afterwards), list, quote, update (with a body)
// and by-name. CALLER_EDITS (edits.mjs) edits either.

/** Five controllers spread through an app of `n`, first and last among them (some twice when n < 5). */
export function calledControllers(n) {
  return [0, n >> 2, n >> 1, (3 * n) >> 2, n - 1];
}

const DIMS = `{ width: 1, height: 2, unit: "cm" }`;

/** A caller of honest's generated client, imported from `clientModule`. */
export function honestCaller(n, clientModule) {
  const [a, b, c, d, e] = calledControllers(n).map((i) => `r${i}`);
  return `import { createClient } from "${clientModule}";

// Five calls through honest's generated client, to controllers spread through the app.

const api = createClient({ baseUrl: "http://localhost:3000" });

export async function calls(): Promise<unknown[]> {
  const seen: unknown[] = [];
  const got = await api.${a}.get({ id: 1n });
  if (got.ok) {
    const unit = got.data.dims.unit;
    seen.push(got.data.name, unit);
  }
  const listed = await api.${b}.list();
  if (listed.ok) seen.push(listed.data[0]?.price);
  const quoted = await api.${c}.quote({ id: 1n, quantity: 3 });
  if (quoted.ok) seen.push(quoted.data.total);
  const updated = await api.${d}.update({ id: 1n, body: { name: "pen", price: 2, dims: ${DIMS} } });
  if (updated.ok) seen.push(updated.data.tags.length);
  const named = await api.${e}.byName({ name: "first" });
  if (named.ok) seen.push(named.data.map((item) => item.id));
  return seen;
}
`;
}

/**
 * A caller of Hono's client: `hc<AppType>` with the type imported from
 * `appModule`, or, with `dts`, the `hcWithType` of the app's declaration build.
 */
export function hcCaller(n, module, { dts = false } = {}) {
  const [a, b, c, d, e] = calledControllers(n).map((i) => `r${i}`);
  const head = dts
    ? `import { hcWithType } from "${module}";

// Five calls through Hono's client, its type from the app's declaration build, to controllers spread through the app.

const api = hcWithType("http://localhost:3000");`
    : `import { hc } from "hono/client";
import type { AppType } from "${module}";

// Five calls through Hono's client, hc<AppType>, to controllers spread through the app.

const api = hc<AppType>("http://localhost:3000");`;
  return `${head}

export async function calls(): Promise<unknown[]> {
  const seen: unknown[] = [];
  const got = await api.${a}[":id"].$get({ param: { id: "1" } });
  if (got.ok) {
    const item = await got.json();
    const unit = item.dims.unit;
    seen.push(item.name, unit);
  }
  const listed = await api.${b}.$get();
  if (listed.ok) seen.push((await listed.json())[0]?.price);
  const quoted = await api.${c}[":id"].quote[":quantity"].$get({ param: { id: "1", quantity: "3" } });
  if (quoted.ok) seen.push((await quoted.json()).total);
  const updated = await api.${d}[":id"].$put({ param: { id: "1" }, json: { name: "pen", price: 2, dims: ${DIMS} } });
  if (updated.ok) seen.push((await updated.json()).tags.length);
  const named = await api.${e}["by-name"][":name"].$get({ param: { name: "first" } });
  if (named.ok) seen.push((await named.json()).map((item) => item.id));
  return seen;
}
`;
}
