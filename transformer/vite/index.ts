import path from "node:path";
import type { Plugin, UserConfig } from "vite";
import { CompiledFiles } from "./compiled-files.js";
import { findTsconfig } from "./project-config.js";
import { ProjectCompiler, type WatchEvent } from "./project-compiler.js";

// honest/vite: Vite and Vitest load a project's controllers compiled by the
// real transformer, with the project's tsconfig, as tspc compiles them
// (README, "Testing with Vitest"):
//   import honest from "honest/vite";
//   export default defineConfig({ plugins: [honest()] });

export interface HonestViteOptions {
  /** The project's tsconfig.json, relative to Vite's root; by default the one tspc would use from there: in the root or the nearest folder above. */
  readonly tsconfig?: string;
}

/** What the plugin needs of a file watcher (Vite's chokidar watcher). */
interface FileWatcher {
  on(event: WatchEvent, listener: (file: string) => void): unknown;
  emit(event: "change", file: string): boolean;
}

/** Vitest's plugin hook, called with the Vitest instance; its watcher is the one that sees edits when projects have their own servers. */
interface VitestContext {
  readonly vitest: { readonly vite: { readonly watcher: FileWatcher } };
}

const TYPESCRIPT_ID = /\.(?:[cm]?ts|tsx)$/;

export default function honest(options: HonestViteOptions = {}): Plugin & { configureVitest(context: VitestContext): void } {
  let root = process.cwd();
  let compiler: ProjectCompiler | undefined;
  const compiled = new CompiledFiles();
  const watchers = new Set<FileWatcher>();

  const watch = (watcher: FileWatcher) => {
    if (watchers.has(watcher)) return;
    watchers.add(watcher);
    for (const event of ["add", "change", "unlink"] as const) {
      watcher.on(event, (file) => {
        if (!compiler) return;
        // Files whose output changed though they did not: Vite and Vitest
        // reload them (and rerun their tests) as if they had been edited.
        for (const stale of compiler.changed(fileNameOf(file), event)) for (const each of watchers) each.emit("change", stale);
      });
    }
  };

  return {
    name: "honest",
    // Before Vite's own TypeScript transform, which would leave the decorators in.
    enforce: "pre",

    config(config) {
      const rolldown = "rolldownVersion" in ((this as { meta?: object } | undefined)?.meta ?? {});
      const key = rolldown ? "oxc" : "esbuild";
      const own = config[key];
      if (own === false) return;
      // Without an exclude of its own, Vite's transform excludes .js files; that stays.
      const exclude = own?.exclude === undefined ? [/\.js$/, compiled] : [compiled];
      return { [key]: { exclude } } as UserConfig;
    },

    configResolved(config) {
      root = config.root;
    },

    configureServer(server) {
      watch(server.watcher);
    },

    configureVitest({ vitest }) {
      watch(vitest.vite.watcher);
    },

    transform(_code, id) {
      if (!TYPESCRIPT_ID.test(id) || id.includes("?") || id.includes("\0") || id.includes("/node_modules/")) return;
      compiler ??= new ProjectCompiler(findTsconfig(root, options.tsconfig));
      const fileName = fileNameOf(id);
      if (!compiler.compiles(fileName)) return;
      compiled.add(id);
      const output = compiler.compile(fileName);
      for (const warning of output.warnings) this.warn(warning);
      return { code: output.code, map: output.map, moduleType: "js" };
    },
  };
}

/** A path as TypeScript names files: absolute, with forward slashes. */
function fileNameOf(file: string): string {
  return path.resolve(file).split(path.sep).join("/");
}
