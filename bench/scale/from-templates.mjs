// The generated projects' TypeScript comes from templates/: real files for one
// controller, r0, type-checked by templates/tsconfig.json (npm test). A file
// under src/r0/ is written once per controller, with r0's names (model.mjs)
// renamed; in any other file (main.ts), each line naming r0 is written once
// per controller.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { controller, controllers } from "./model.mjs";

const TEMPLATES = join(dirname(fileURLToPath(import.meta.url)), "templates");
const R0 = controller(0);
// The names a controller's files and types use; its prefix is "/" + its dir.
const NAME_KEYS = ["dir", "className", "store", "item", "create", "dims", "quote"];
const NAMES = `\\b(?:${NAME_KEYS.map((key) => R0[key]).join("|")})\\b`;
const namesR0 = (text) => new RegExp(NAMES).test(text);

/** `text` as written for controller `c` instead of r0. */
export function renamed(text, c) {
  const byName = Object.fromEntries(NAME_KEYS.map((key) => [R0[key], c[key]]));
  return text.replace(new RegExp(NAMES, "g"), (name) => byName[name]);
}

function filesUnder(root) {
  return readdirSync(root, { recursive: true })
    .filter((path) => statSync(join(root, path)).isFile())
    .map((path) => path.split(sep).join("/"));
}

/** { relative path: text } of the template folder `folder` (shared, honest or hono) for `n` controllers. */
export function fromTemplates(folder, n) {
  const all = controllers(n);
  const files = {};
  for (const path of filesUnder(join(TEMPLATES, folder))) {
    const text = readFileSync(join(TEMPLATES, folder, path), "utf8");
    if (path.startsWith(`src/${R0.dir}/`)) {
      for (const c of all) files[renamed(path, c)] = renamed(text, c);
    } else {
      files[path] = text
        .split("\n")
        .flatMap((line) => (namesR0(line) ? all.map((c) => renamed(line, c)) : [line]))
        .join("\n");
    }
  }
  return files;
}
