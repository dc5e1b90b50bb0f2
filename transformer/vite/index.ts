import path from "node:path";
import type { Plugin, UserConfig } from "vite";
import { CompiledFiles } from "./compiled-files.js";
import { findTsconfig } from "./project-config.js";
import { ProjectCompiler, type WatchEvent } from "./project-compiler.js";

// honest/vite: Vite and Vitest load a project's controllers compiled by the
// real transformer, with the project's tsconfig, as tspc compiles them
// (docs/guide/testing-with-vitest.md, "Testing with Vitest"):
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

/** What the plugin uses of Vitest's `configureVitest` hook: its watcher sees the edits even when each project has a server of its own. */
interface VitestContext {
  readonly vitest: { readonly vite: { readonly watcher: FileWatcher } };
  /** Vitest 4's experimental.fsModuleCache keys a module by its own text; false keeps a module out of it. */
  readonly experimental_defineCacheKeyGenerator?: (generator: (context: { readonly id: string }) => false | undefined) => void;
}

const TYPESCRIPT_ID = /\.(?:[cm]?ts|tsx)$/;

export default function honest(options: HonestViteOptions = {}): Plugin & { configureVitest(context: VitestContext): void } {
  let root = process.cwd();
  let compiler: ProjectCompiler | undefined;
  const compilerOf = () => (compiler ??= new ProjectCompiler(findTsconfig(root, options.tsconfig)));
  const compiled = new CompiledFiles();
  const watchers = new Set<FileWatcher>();

  const watch = (watcher: FileWatcher) => {
    if (watchers.has(watcher)) return;
    watchers.add(watcher);
    for (const event of ["add", "change", "unlink"] as const) {
      watcher.on(event, (file) => {
        if (!compiler) return;
        let stale: readonly string[];
        try {
          stale = compiler.changed(fileNameOf(file), event);
        } catch {
          // Whatever went wrong, the watcher must go on: the files reload, and their transforms report it.
          stale = [...compiled];
        }
        // Files whose output changed though they did not: Vite and Vitest
        // reload them (and rerun their tests) as if they had been edited.
        for (const each of stale) for (const target of watchers) target.emit("change", each);
      });
    }
  };

  /** Whether the tsconfig names this module's file; true too when there is no readable tsconfig, which every transform then reports. */
  const inProgramOrUnknown = (id: string) => {
    if (!TYPESCRIPT_ID.test(id)) return false;
    try {
      return compilerOf().lists(fileNameOf(id));
    } catch {
      return true;
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

    configureVitest({ vitest, experimental_defineCacheKeyGenerator }) {
      watch(vitest.vite.watcher);
      // honest's output for a file depends on other files (createApp() on every controller), so a cache keyed by the file's own text would go stale.
      experimental_defineCacheKeyGenerator?.(({ id }) => (inProgramOrUnknown(id) ? false : undefined));
    },

    transform(_code, id) {
      if (!TYPESCRIPT_ID.test(id) || id.includes("?") || id.includes("\0") || id.includes("/node_modules/")) return;
      const project = compilerOf();
      const fileName = fileNameOf(id);
      if (!project.compiles(fileName)) return;
      compiled.add(id);
      const output = project.compile(fileName);
      for (const warning of output.warnings) this.warn(warning);
      return { code: output.code, map: output.map, moduleType: "js" };
    },
  };
}

/** A path as TypeScript names files: absolute, with forward slashes. */
function fileNameOf(file: string): string {
  return path.resolve(file).split(path.sep).join("/");
}
