import type ts from "typescript";
import type { ErrorFormatModel } from "../model.js";
import type { GenerationContext } from "./generation-context.js";
import { routeWriter } from "./programmers/write-programmer.js";

/**
 * The writers of the program's error format, by entry (docs/guide/errors.md, "An error format the document shows"),
 * for createApp() to answer with: `{ "400": [__honest_write_ErrorBody, 422], default: [__honest_write_ErrorBody] }`,
 * `[null, 401]` for an entry answered without a body.
 */
export function errorFormatWriters(format: ErrorFormatModel | undefined, generation: GenerationContext): ts.Expression | undefined {
  if (!format) return undefined;
  const { object, array, num, nullLiteral } = generation.nodes;
  return object(
    format.entries.map(({ key, status, shape }): [string, ts.Expression] => [
      key,
      // An entry whose result is a bare status has no body to write: `[null, 401]`.
      array([shape ? routeWriter(shape, generation) : nullLiteral(), ...(status === undefined ? [] : [num(status)])]),
    ]),
    true,
  );
}
