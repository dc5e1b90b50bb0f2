import { fakeContext, honestHandler } from "./honest-handler.mjs";
import { ajvHandler, uncheckedHandler, zodHandler } from "./same-handlers.mjs";

// The contenders for one request body. Every case is an async function that
// answers how many faults it found (0: the body was accepted), so the runner
// can check that they agree before timing them.

export const UNCHECKED = "unchecked (JSON.parse only)";
export const UNCHECKED_EXACT = "unchecked, exact-integer reading";

/** Through Hono and app.request: routing, Request and Response included. */
export function httpCases(honestApp, honoApp, path, text) {
  const post = (app, url) => async () => {
    const response = await app.request(url, { method: "POST", headers: { "content-type": "application/json" }, body: text });
    const answer = await response.text();
    if (response.status === 204) return 0;
    if (response.status !== 400) throw new Error(`${url}: status ${response.status}: ${answer}`);
    return JSON.parse(answer).errors.length;
  };
  return {
    honest: post(honestApp, path),
    zod: post(honoApp, `/zod${path}`),
    ajv: post(honoApp, `/ajv${path}`),
    [UNCHECKED]: post(honoApp, `/unchecked${path}`),
  };
}

/**
 * Without HTTP: honest's generated handler, and handlers like it with another
 * check, each given the body's bytes through the same stand-in Context.
 * `exactIntegers`: the body's type holds an i64 (honest then reads it exactly).
 */
export function directCases(Controller, path, text, exactIntegers) {
  const bytes = new TextEncoder().encode(text);
  const run = (handler) => async () => {
    try {
      await handler(fakeContext(bytes));
      return 0;
    } catch (error) {
      return error.extensions.errors.length;
    }
  };
  const cases = {
    honest: run(honestHandler(Controller, path)),
    zod: run(zodHandler(path)),
    ajv: run(ajvHandler(path)),
    [UNCHECKED]: run(uncheckedHandler(false)),
  };
  if (exactIntegers) cases[UNCHECKED_EXACT] = run(uncheckedHandler(true));
  return cases;
}
