import { readFileSync } from "node:fs";
import path from "node:path";
import { exampleDir } from "./example.js";

// The example's OpenAPI document as the transformer wrote it (npm test's
// build: example/tsconfig.json names example/dist/openapi.json), in the
// compact form it compiles into a createApp({ openapi }) call.

export const EXAMPLE_OPENAPI_DOCUMENT = JSON.stringify(JSON.parse(readFileSync(path.join(exampleDir, "dist/openapi.json"), "utf8")));

/** `GET /items/{id}`-style operations of a document: every method and path it lists. */
export function operationsOf(documentText: string): string[] {
  const { paths } = JSON.parse(documentText) as { paths: Record<string, Record<string, unknown>> };
  const methods = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => methods.has(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}
