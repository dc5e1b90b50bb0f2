import { beforeAll, describe, expect, it } from "vitest";
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
} from "../support/ping-fixture.js";
import { copyTspcProject, tspcProject, type TspcProject } from "../support/tspc-project.js";

// docs/setup/watch-mode.md, "Watch mode and incremental builds": with "incremental": true, and
// with tspc -b on a composite project, each build reports the program's
// honest errors as they are now (none survives its fix, none goes missing
// because only another file changed), and the app built refuses to start
// exactly when the last build had some, mounting every controller it has.

const modes = [
  { name: "tspc with incremental: true", options: { incremental: true }, args: ["-p", "."] },
  { name: "tspc -b on a composite project", options: { composite: true }, args: ["-b"] },
] as const;

function project(name: string, options: Record<string, unknown>): TspcProject {
  return tspcProject(
    name,
    { "src/main.ts": buildOnlyMain, "src/ping.controller.ts": pingController, "src/other.controller.ts": otherController },
    options,
  );
}

const servesPing = /GET \/ping\/\{id\} → PingController/;

describe.each(modes)("$name", ({ name, options, args }) => {
  const slug = name.includes("-b") ? "build-mode" : "incremental";

  // Built once, without an error, and copied for each test that starts from a clean build.
  let clean: TspcProject;
  beforeAll(() => {
    clean = project(`guard-${slug}-clean`, options);
    expect(clean.tspc(...args)).toEqual({ status: 0, output: "" });
    expect(clean.node().output).toMatch(servesPing);
  }, 120_000);

  it("drops an error once it is fixed: the next build reports nothing and the app starts", () => {
    const app = project(`guard-${slug}-fix`, options);
    app.edit(breakPing.file, breakPing.from, breakPing.to);
    const broken = app.tspc(...args);
    expect(honestDiagnostics(broken.output)).toEqual([pingError]);
    expect(broken.status).not.toBe(0);
    expect(app.node().output).toMatch(refusal);

    app.edit(breakPing.file, breakPing.to, breakPing.from);
    const fixed = app.tspc(...args);
    expect(fixed.output).toBe("");
    expect(fixed.status).toBe(0);
    const started = app.node();
    expect(started.status, started.output).toBe(0);
    expect(started.output).toMatch(servesPing);
  });

  it("reports an error made in one controller, again on a build with no change, and the app refuses until it is fixed", () => {
    const app = copyTspcProject(clean, `guard-${slug}-break`);
    app.edit(breakPing.file, breakPing.from, breakPing.to);
    const broken = app.tspc(...args);
    expect(honestDiagnostics(broken.output)).toEqual([pingError]);
    expect(broken.status).not.toBe(0);
    const refused = app.node();
    expect(refused.status).not.toBe(0);
    expect(refused.output).toMatch(refusal);
    expect(refused.output).toContain(pingError);

    const unchanged = app.tspc(...args);
    expect(honestDiagnostics(unchanged.output)).toEqual([pingError]);
    expect(unchanged.status).not.toBe(0);
    expect(app.node().output).toMatch(refusal);

    app.edit(breakPing.file, breakPing.to, breakPing.from);
    expect(app.tspc(...args)).toEqual({ status: 0, output: "" });
    expect(app.node().output).toMatch(servesPing);
  });

  it("mounts a controller added since the last build, and forgets an error between two files once either changes", () => {
    const app = copyTspcProject(clean, `guard-${slug}-controllers`);

    // A new file that nothing imports: createApp()'s file must learn of it all the same.
    app.write("src/zeta.controller.ts", duplicateController);
    const duplicated = app.tspc(...args);
    expect(honestDiagnostics(duplicated.output)).toEqual([duplicateError]);
    expect(app.node().output).toMatch(refusal);

    // Fixed in the other file, the one the error does not point at.
    app.edit("src/other.controller.ts", '@Get("/other")', '@Get("/others")');
    expect(app.tspc(...args)).toEqual({ status: 0, output: "" });
    const started = app.node();
    expect(started.status, started.output).toBe(0);
    expect(started.output).toMatch(/GET \/others +→ OtherController/);
    expect(started.output).toMatch(/GET \/other +→ ZetaController/);
  });
});
