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

/** Without HTTP: from the handler's result to JSON text. */
export function directCases(Controller, path, bigintItems, numberItems) {
  const handler = honestHandler(Controller, path);
  const bigintAsString = (key, value) => (typeof value === "bigint" ? value.toString() : value);
  return {
    honest: async () => handler(fakeContext()),
    "JSON.stringify (number ids)": async () => JSON.stringify(numberItems),
    [REPLACER]: async () => JSON.stringify(bigintItems, bigintAsString),
  };
}
