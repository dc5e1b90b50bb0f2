import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { honestPluginConfig } from "../compiler/program/plugin-config.js";

// The honest entry of a tsconfig's compilerOptions.plugins, read from the
// files themselves: TypeScript 7 parses tsconfig.json but drops `plugins`,
// which its tsc ignores, and the entry's options (`openapi`) must give the
// same document in both modes. tsconfig.json is JSON with comments and
// trailing commas, and may extend other files; the nearest file that sets
// `plugins` wins, as TypeScript's own `extends` does for any option.

export function pluginEntryOf(configFile: string, seen = new Set<string>()): Readonly<Record<string, unknown>> {
  if (seen.has(configFile)) return {};
  seen.add(configFile);
  const config = parseJsonWithComments(fs.readFileSync(configFile, "utf8")) as {
    readonly extends?: unknown;
    readonly compilerOptions?: { readonly plugins?: unknown };
  };
  if (config.compilerOptions?.plugins !== undefined) return honestPluginConfig(config.compilerOptions);
  const bases = typeof config.extends === "string" ? [config.extends] : Array.isArray(config.extends) ? config.extends : [];
  // Later bases override earlier ones.
  for (const base of [...bases].reverse()) {
    if (typeof base !== "string") continue;
    const found = pluginEntryOf(resolveBase(configFile, base), seen);
    if (Object.keys(found).length > 0) return found;
  }
  return {};
}

function resolveBase(configFile: string, base: string): string {
  if (base.startsWith(".") || path.isAbsolute(base)) {
    const file = path.resolve(path.dirname(configFile), base);
    return fs.existsSync(file) || file.endsWith(".json") ? file : `${file}.json`;
  }
  // A package's tsconfig: "@tsconfig/node20/tsconfig.json", or a package whose main tsconfig is tsconfig.json.
  const require = createRequire(configFile);
  try {
    return require.resolve(base);
  } catch {
    return require.resolve(`${base}/tsconfig.json`);
  }
}

/** JSON with `//` and `/* *\/` comments and trailing commas, as tsconfig.json allows. */
export function parseJsonWithComments(text: string): unknown {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (char === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (char === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
      out += " ";
    } else if (char === "}" || char === "]") {
      // A trailing comma: the text before the bracket ends in one (a string's text always ends in a quote).
      const last = out.trimEnd();
      out = `${last.endsWith(",") ? last.slice(0, -1) : out}${char}`;
    } else {
      out += char;
    }
  }
  return JSON.parse(out);
}

function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
  return i + 1;
}
