// The "Hono for hc" flavour: the same routes as Hono users write them to get
// a typed client from the app's type, `hc<typeof app>` (hono/client):
// each controller a `new Hono()` sub-app with its routes chained, zod schemas
// read by @hono/zod-validator for the path parameters and bodies, answers
// written with `c.json(value, status)`, and the app one chain of `.route()`
// calls whose type, `AppType`, carries every route (templates/hono-rpc). Ids
// are numbers: `c.json` cannot write a bigint. Built with plain tsc; the
// declaration build (tsconfig.types.json) writes the app's types as .d.ts
// files, what Hono's documentation suggests for a large app's client.

import { fromTemplates } from "./from-templates.mjs";

const COMPILER_OPTIONS = {
  target: "es2022",
  module: "nodenext",
  moduleResolution: "nodenext",
  lib: ["es2023"],
  types: ["node"],
  strict: true,
  skipLibCheck: true,
  rootDir: "src",
};

const json = (value) => JSON.stringify(value, null, 2) + "\n";

/** { relative path: text } of the Hono project written for `hc`. */
export function honoRpcProject(n) {
  return {
    "tsconfig.json": json({ compilerOptions: { ...COMPILER_OPTIONS, outDir: "dist" }, include: ["src"] }),
    "tsconfig.types.json": json({
      compilerOptions: { ...COMPILER_OPTIONS, outDir: "types", declaration: true, emitDeclarationOnly: true },
      include: ["src"],
    }),
    ...fromTemplates("hono-rpc", n),
  };
}
