// The "Hono by hand" flavour: the same routes registered directly on Hono, with
// the checks written inline (path parameters parsed, bodies checked and copied
// to their declared properties, responses written as JSON with exact bigint
// ids), no decorators (templates/hono, with templates/shared's DTOs and store),
// built with plain tsc and served with @hono/node-server.

import { fromTemplates } from "./from-templates.mjs";

// Hono by hand does not import honest: its DTOs write honest's `i64` as what
// it is to the type checker, `bigint`.
function withBigintIds(text) {
  const plain = text.replace(/^import type \{ i64 \} from "honest";\n\n/m, "").replace(/\bi64\b/g, "bigint");
  if (plain.includes('"honest"')) throw new Error(`a shared template of the Hono flavour still imports honest:\n${plain}`);
  return plain;
}

const TSCONFIG =
  JSON.stringify(
    {
      compilerOptions: {
        target: "es2022",
        module: "nodenext",
        moduleResolution: "nodenext",
        lib: ["es2023"],
        types: ["node"],
        strict: true,
        skipLibCheck: true,
        rootDir: "src",
        outDir: "dist",
      },
      include: ["src"],
    },
    null,
    2,
  ) + "\n";

/** { relative path: text } of the hand-written Hono project. */
export function honoProject(n) {
  const files = { "tsconfig.json": TSCONFIG, ...fromTemplates("hono", n) };
  for (const [path, text] of Object.entries(fromTemplates("shared", n))) files[path] = withBigintIds(text);
  return files;
}
