import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { freePort } from "../support/http.js";
import {
  breakPing,
  buildOnlyMain,
  duplicateController,
  duplicateError,
  honestDiagnostics,
  otherController,
  pingController,
  pingError,
  refusal,
  servingMain,
} from "../support/ping-fixture.js";
import { tspc, tspcProject } from "../support/tspc-project.js";
import type { Watched } from "../support/watched-process.js";

// docs/setup/watch-mode.md, "Watch mode and incremental builds", as the issue met it: tspc
// --watch rebuilding a project while `node --watch` restarts its output. An
// edit that breaks a route makes the restarted app refuse to start, printing
// the error, instead of serving without the route; the edit that mends it
// brings the route back; a controller added in a new file is mounted; and
// each compilation reports the errors the program has then, none older.

const compiled = /Found \d+ errors?\. Watching for file changes\./g;
const RESTARTING = "Restarting 'dist/main.js'";
const outcome = /honest: listening on |Failed running 'dist\/main\.js'/;

/** What node printed since its last restart, once that run has listened or failed and no other restart followed. */
async function settled(server: Watched, restartsBefore: number): Promise<string> {
  for (;;) {
    await server.waitFor(/Restarting 'dist\/main\.js'/, restartsBefore + 1);
    const lastRun = () => server.output().slice(server.output().lastIndexOf(RESTARTING));
    while (!outcome.test(lastRun())) await sleep(50);
    const seen = server.output().length;
    // Longer than node --watch's 200 ms debounce: a later write would have restarted it by then.
    await sleep(600);
    if (server.output().lastIndexOf(RESTARTING) < seen) return lastRun();
  }
}

const restartsIn = (server: Watched) => server.output().split(RESTARTING).length - 1;

async function get(port: number, path: string): Promise<number | "refused"> {
  try {
    return (await fetch(`http://127.0.0.1:${port}${path}`)).status;
  } catch {
    return "refused";
  }
}

describe("tspc --watch with node --watch on its output", () => {
  it("never serves without a route: refuses while the program has honest errors, serves every route once they are fixed", async () => {
    const app = tspcProject("guard-watch", {
      "src/main.ts": servingMain,
      "src/ping.controller.ts": pingController,
      "src/other.controller.ts": otherController,
    });
    const port = await freePort();
    const compiler = app.spawn(process.execPath, [tspc, "-p", ".", "--watch", "--preserveWatchOutput"]);
    let server: Watched | undefined;
    /** Applies an edit; resolves with what the compilation it causes reported, and what node's next run printed. */
    const rebuild = async (edit: () => void) => {
      const compilations = (compiler.output().match(compiled) ?? []).length;
      const restarts = restartsIn(server!);
      edit();
      const output = await compiler.waitFor(compiled, compilations + 1);
      const ends = [...output.matchAll(compiled)].map((match) => match.index + match[0].length);
      return { compilation: output.slice(ends[compilations - 1], ends[compilations]), run: await settled(server!, restarts) };
    };
    try {
      await compiler.waitFor(compiled);
      server = app.spawn(process.execPath, ["--watch", "--watch-preserve-output", "dist/main.js"], { PORT: String(port) });
      await server.waitFor(/honest: listening on /);
      expect(await get(port, "/ping/1")).toBe(200);

      const broken = await rebuild(() => app.edit(breakPing.file, breakPing.from, breakPing.to));
      expect(honestDiagnostics(broken.compilation)).toEqual([pingError]);
      expect(broken.run).toMatch(refusal);
      expect(broken.run).toContain(pingError);
      expect(await get(port, "/ping/1")).toBe("refused");

      const fixed = await rebuild(() => app.edit(breakPing.file, breakPing.to, breakPing.from));
      expect(fixed.compilation).toMatch(/Found 0 errors\./);
      expect(fixed.run).toMatch(/GET \/ping\/\{id\} → PingController/);
      expect(await get(port, "/ping/1")).toBe(200);

      // A controller in a new file, which nothing imports, whose route is OtherController's.
      const duplicated = await rebuild(() => app.write("src/zeta.controller.ts", duplicateController));
      expect(honestDiagnostics(duplicated.compilation)).toEqual([duplicateError]);
      expect(duplicated.run).toMatch(refusal);
      expect(await get(port, "/other")).toBe("refused");

      // Fixed in the file the error does not point at: the error goes, and the new controller is served.
      const moved = await rebuild(() => app.edit("src/other.controller.ts", '@Get("/other")', '@Get("/others")'));
      expect(moved.compilation).toMatch(/Found 0 errors\./);
      expect(moved.run).toMatch(/GET \/other +→ ZetaController/);
      expect(await get(port, "/others")).toBe(200);
      expect(await (await fetch(`http://127.0.0.1:${port}/other`)).json()).toBe("zeta");
      expect(await get(port, "/ping/1")).toBe(200);
    } finally {
      await server?.stop();
      await compiler.stop();
    }
  }, 180_000);

  it("with incremental: true too, from a first compilation with an error to its fix and on", async () => {
    const app = tspcProject(
      "guard-watch-incremental",
      { "src/main.ts": buildOnlyMain, "src/ping.controller.ts": pingController, "src/other.controller.ts": otherController },
      { incremental: true },
    );
    app.edit(breakPing.file, breakPing.from, breakPing.to);
    const compiler = app.spawn(process.execPath, [tspc, "-p", ".", "--watch", "--preserveWatchOutput"]);
    const compilation = async (count: number) => {
      const output = await compiler.waitFor(compiled, count);
      const ends = [...output.matchAll(compiled)].map((match) => match.index + match[0].length);
      return output.slice(ends[count - 2] ?? 0, ends[count - 1]);
    };
    try {
      expect(honestDiagnostics(await compilation(1))).toEqual([pingError]);
      expect(app.node().output).toMatch(refusal);

      app.edit(breakPing.file, breakPing.to, breakPing.from);
      expect(await compilation(2)).toMatch(/Found 0 errors\./);
      expect(app.node().output).toMatch(/GET \/ping\/\{id\} → PingController/);

      app.edit("src/other.controller.ts", '"other";', '"another";');
      expect(await compilation(3)).toMatch(/Found 0 errors\./);
      expect(app.node().status).toBe(0);
    } finally {
      await compiler.stop();
    }
  });
});
