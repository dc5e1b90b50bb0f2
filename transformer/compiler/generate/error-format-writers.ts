import type ts from "typescript";
import type { ErrorFormatModel } from "../model.js";
import type { GenerationContext } from "./generation-context.js";
import { routeWriter } from "./programmers/write-programmer.js";

/**
 * The writers of the program's error format, by entry (docs/guide/errors.md, "An error format the document shows"),
 * for createApp() to answer with: `{ "400": [__honest_write_ErrorBody, 422], default: [__honest_write_ErrorBody] }`.
 */
export function errorFormatWriters(format: ErrorFormatModel | undefined, generation: GenerationContext): ts.Expression | undefined {
  if (!format) return undefined;
  const { object, array, num } = generation.nodes;
  return object(
    format.entries.map(({ key, status, shape }): [string, ts.Expression] => [
      key,
      array([routeWriter(shape, generation), ...(status === undefined ? [] : [num(status)])]),
    ]),
    true,
  );
}
