import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exampleDir } from "../support/example.js";
import { connectionRefused, freePort } from "../support/http.js";
import { watched } from "../support/watched-process.js";

// `npm run dev` (docs/contributing.md, "Working on honest"): example/dev.mjs rebuilds the
// example with tspc --watch and serves it again after each compilation, and
// only then. Run here on a copy of the example (test/.out/dev-script/example,
// beside a link to the built dist/ its tsconfig's plugin path names), so the
// edits leave the real one alone.

const root = path.resolve(import.meta.dirname, "../..");
const copy = path.join(root, "test/.out/dev-script");
const home = path.join(copy, "example/src/home.controller.ts");
const compiled = /Found \d+ errors?\. Watching for file changes\./g;
/** The line of `async health()` in the example, where honest reports the handler. */
const healthLine =
  readFileSync(path.join(root, "example/src/home.controller.ts"), "utf8")
    .split("\n")
    .findIndex((line) => line.includes("async health(")) + 1;
const healthError = `example/src/home.controller.ts(${healthLine},9): error TS991009: GET /health/{check} (HomeController.health): the path has {check} but the handler has no Path parameter; add one, such as 'check: Path<string>'.`;

function copyExample(): void {
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(path.join(copy, "example"), { recursive: true });
  for (const entry of ["dev.mjs", "tsconfig.json", "src"])
    cpSync(path.join(exampleDir, entry), path.join(copy, "example", entry), { recursive: true });
  symlinkSync(path.join(root, "dist"), path.join(copy, "dist"), "dir");
}

function editHome(from: string, to: string): void {
  const text = readFileSync(home, "utf8");
  if (!text.includes(from)) throw new Error(`home.controller.ts has no ${from}`);
  writeFileSync(home, text.replace(from, to));
}

describe("npm run dev", () => {
  it("serves the example, serves it again after each compilation (refusing while honest reports errors), and stops on Ctrl-C", async () => {
    copyExample();
    const port = await freePort();
    const dev = watched(spawn(process.execPath, ["example/dev.mjs"], { cwd: copy, env: { ...process.env, PORT: String(port) } }));
    try {
      await dev.waitFor(/listening on http/);
      expect(dev.output()).toMatch(
        /Found 0 errors\. Watching for file changes\.\n[\s\S]*Route mappings:\n[\s\S]* GET +\/health +→ HomeController/,
      );
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);

      editHome('@Get("/health")', '@Get("/health/{check}")');
      const broken = await dev.waitFor(/honest: this app was built from a program with 1 honest error/);
      const sinceEdit = broken.slice(broken.lastIndexOf("File change detected"));
      // The compilation ends, with the error, before the server starts again: never on half of the output.
      expect(sinceEdit).toMatch(
        /error TS991009[\s\S]*Found 1 error\. Watching for file changes\.\n[\s\S]*dev: node example\/dist\/main\.js\n/,
      );
      expect(sinceEdit).toContain(healthError);
      expect(sinceEdit).not.toMatch(/listening on http/);
      expect(await connectionRefused(port)).toBe(true);

      editHome('@Get("/health/{check}")', '@Get("/health")');
      await dev.waitFor(compiled, 3);
      await dev.waitFor(/listening on http/, 2);
      expect(dev.output().match(/Route mappings:/g)).toHaveLength(2);
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);

      dev.child.kill("SIGINT");
      expect(await dev.exited).toBe(0);
      // pino's last two lines (docs/guide/logs-and-traces.md, "Logs"): the signal, then the end of shutdown.
      expect(dev.output()).toMatch(/"msg":"SIGTERM received, finishing in-flight requests"\}\n[^\n]*"msg":"stopped"\}\n$/);
      expect(await connectionRefused(port)).toBe(true);
    } finally {
      await dev.stop();
    }
  }, 180_000);
});
