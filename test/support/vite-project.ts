import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createServer, type InlineConfig, type Plugin, type ViteDevServer } from "vite";
import honest, { type HonestViteOptions } from "../../transformer/vite/index.js";

// A project in test/.out/<name> (where "honest" resolves to this package) with
// its tsconfig.json, and a Vite dev server over it running honest/vite, in
// process. A recording plugin after Vite's own transforms keeps the code each
// module reached it with.

const root = path.resolve(import.meta.dirname, "../..");

/** The options a user project typically has: those of test/support/compile.ts's fixtures. */
export const PROJECT_OPTIONS = {
  target: "es2022",
  module: "nodenext",
  strict: true,
  skipLibCheck: true,
  types: [],
  outDir: "dist",
};

export function writeProject(name: string, files: Readonly<Record<string, string>>, compilerOptions: object = PROJECT_OPTIONS): string {
  const dir = path.join(root, "test/.out", name);
  rmSync(dir, { recursive: true, force: true });
  writeFiles(dir, { "tsconfig.json": JSON.stringify({ compilerOptions, include: ["src"] }), ...files });
  return dir;
}

export function writeFiles(dir: string, files: Readonly<Record<string, string>>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

export interface ViteProject {
  readonly server: ViteDevServer;
  /** The code each module had after every transform before the recording plugin's (honest's, and Vite's own TypeScript transform). */
  readonly seen: ReadonlyMap<string, string>;
  /** Warnings Vite logged. */
  readonly warnings: readonly string[];
}

export async function startVite(
  dir: string,
  options: HonestViteOptions = {},
  { watch = false, config = {} }: { readonly watch?: boolean; readonly config?: InlineConfig } = {},
): Promise<ViteProject> {
  const seen = new Map<string, string>();
  const warnings: string[] = [];
  const recorder: Plugin = {
    name: "record-transformed-code",
    transform(code, id) {
      seen.set(id, code);
    },
  };
  const server = await createServer({
    root: dir,
    configFile: false,
    logLevel: "warn",
    customLogger: {
      info() {},
      warn: (message) => void warnings.push(message),
      warnOnce: (message) => void warnings.push(message),
      error() {},
      clearScreen() {},
      hasErrorLogged: () => false,
      hasWarned: false,
    },
    server: { middlewareMode: true, hmr: false, ws: false, watch: watch ? {} : null },
    plugins: [honest(options), recorder],
    // Loaded by Node as a user's installed copy is, not transformed by Vite: here "honest" is this
    // repository (a self-reference, outside node_modules), which Vite would otherwise inline.
    ssr: { external: ["honest"] },
    ...config,
  });
  return { server, seen, warnings };
}
