import { fakeContext, honestHandler } from "./honest-handler.mjs";

// The contenders for one response. Every case is an async function that
// answers the JSON text it sent, so the runner can check that they agree.

/** Through Hono and app.request. */
export function httpCases(honestApp, honoApp, path) {
  const get = (app) => async () => (await app.request(path)).text();
  return {
    honest: get(honestApp),
    "Hono c.json (number ids)": get(honoApp),
  };
}

export const REPLACER = "JSON.stringify, replacer (bigint ids as strings)";

/**
 * A string built by concatenation is a tree of pieces until something reads
 * its characters; a response encodes it, so every case pays for that here.
 */
function flat(text) {
  Buffer.byteLength(text);
  return text;
}

/** Without HTTP: from the handler's result to flat JSON text. */
export function directCases(Controller, path, bigintItems, numberItems) {
  const handler = honestHandler(Controller, path);
  const bigintAsString = (_key, value) => (typeof value === "bigint" ? value.toString() : value);
  return {
    honest: async () => flat(await handler(fakeContext())),
    "JSON.stringify (number ids)": async () => flat(JSON.stringify(numberItems)),
    [REPLACER]: async () => flat(JSON.stringify(bigintItems, bigintAsString)),
  };
}
