import path from "node:path";
import type { HonestMessage } from "../diagnostics.js";
import { messages } from "../diagnostic-messages.js";

// The plugin entry's `client` option (docs/guide/openapi-and-clients.md, "A client generated with the app"):
//   { "transform": "honest/transformer", "client": "client/api.ts" }
// The file is relative to the tsconfig.json, and is best outside the
// program's files (its `include`), so that the build that writes it never
// compiles it as part of the app.

export type ClientFileRead = { readonly file: string | undefined } | { readonly mistake: HonestMessage };

export function readClientFile(projectDirectory: string, config: unknown): ClientFileRead {
  const option = typeof config === "object" && config !== null ? (config as { client?: unknown }).client : undefined;
  if (option === undefined) return { file: undefined };
  if (typeof option !== "string" || !/\.[cm]?ts$/.test(option)) return { mistake: messages.PluginOptions.client({ option }) };
  return { file: path.resolve(projectDirectory, option) };
}
