import { HttpError } from "honest";
import { readJsonBody } from "honest/internal";
import { mayRound, parseJson, parseJsonExactly } from "../../dist/esm/runtime/body/json-parse.js";
import { ajvValidators } from "./ajv-schemas.mjs";
import { zodSchemas } from "./zod-schemas.mjs";

// Route handlers shaped like the ones honest generates (read the body with
// honest's readJsonBody, check it, await the controller method, answer; throw
// an HttpError listing the faults), with the check done by zod, by ajv, or not
// at all. Run with the same stand-in Context as honest's handlers, they differ
// from them only in the check.

const BODY_LIMIT = 1024 * 1024;

export let received;

async function accept(body) {
  received = body;
  return 204;
}

function reject(errors) {
  throw new HttpError(400, `the request body does not match its declared type (${errors.length} errors)`, { errors });
}

export function zodHandler(path) {
  const schema = zodSchemas[path];
  return async (c) => {
    const result = schema.safeParse(parseJson(await readJsonBody(c, BODY_LIMIT)));
    if (!result.success) reject(result.error.issues);
    return c.body(null, await accept(result.data));
  };
}

export function ajvHandler(path) {
  const validate = ajvValidators[path];
  return async (c) => {
    const body = parseJson(await readJsonBody(c, BODY_LIMIT));
    if (!validate(body)) reject(validate.errors);
    return c.body(null, await accept(body));
  };
}

/** `exactIntegers`: read as honest reads a body whose type holds an i64 (exactly when JSON.parse may round). */
export function uncheckedHandler(exactIntegers) {
  const read = (text) => (exactIntegers && mayRound(text) ? parseJsonExactly(text) : parseJson(text));
  return async (c) => c.body(null, await accept(read(await readJsonBody(c, BODY_LIMIT))));
}
