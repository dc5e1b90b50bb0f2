// The honest flavour: decorated controllers as in example/src
// (templates/honest, with templates/shared's DTOs and store), built with tspc
// and honest's transformer (tsconfig.json), or with plain tsc
// (tsconfig.tsc.json, the same sources without the plugin), or with tspc and
// the plugin writing the OpenAPI document too (tsconfig.openapi.json); and
// the generator flavour (docs/setup/typescript-7.md, "TypeScript 7: generator mode"): the same
// sources with src/main.ts importing the generated module, for
// `honest generate` then TypeScript 7's tsc.

import { fromTemplates } from "./from-templates.mjs";

function tsconfig({ plugin, outDir, openapi }) {
  const compilerOptions = {
    target: "es2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    lib: ["es2023"],
    types: ["node"],
    strict: true,
    skipLibCheck: true,
    rootDir: "src",
    outDir,
  };
  if (plugin) compilerOptions.plugins = [{ transform: plugin, ...(openapi && { openapi }) }];
  return JSON.stringify({ compilerOptions, include: ["src"] }, null, 2) + "\n";
}

/** { relative path: text } of the honest flavour's project. `plugin`: absolute path of the built transformer. */
export function honestProject(n, plugin) {
  return {
    "tsconfig.json": tsconfig({ plugin, outDir: "dist" }),
    "tsconfig.tsc.json": tsconfig({ outDir: "dist-tsc" }),
    "tsconfig.openapi.json": tsconfig({ plugin, outDir: "dist-openapi", openapi: "dist-openapi/openapi.json" }),
    ...fromTemplates("shared", n),
    ...fromTemplates("honest", n),
  };
}

/** The generator flavour: the same project, its main.ts importing the module `honest generate` writes beside it. */
export function generatorProject(n) {
  const files = honestProject(n, undefined);
  return {
    "tsconfig.json": tsconfig({ outDir: "dist" }),
    ...Object.fromEntries(Object.entries(files).filter(([path]) => path.startsWith("src/"))),
    "src/main.ts": `import "./honest.generated.js";\n${files["src/main.ts"]}`,
  };
}
