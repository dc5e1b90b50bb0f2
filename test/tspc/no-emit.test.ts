import { existsSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { breakPing, buildOnlyMain, otherController, pingController, pingError } from "../support/ping-fixture.js";
import { tspcProject } from "../support/tspc-project.js";

// docs/setup/checking-in-ci.md, "Checking in CI": `tspc --noEmit` reports honest's errors and
// exits non-zero on them, as a build does, writing nothing (ts-patch asks
// for the plugin's transformers even when TypeScript will transform no file,
// and the plugin analyses the program then).

it("prints honest's error and exits 2, as tsc --noEmit does on a type error, then 0 once it is fixed", () => {
  const project = tspcProject("tspc-no-emit", {
    "src/main.ts": buildOnlyMain,
    "src/ping.controller.ts": pingController,
    "src/other.controller.ts": otherController,
  });
  project.edit(breakPing.file, breakPing.from, breakPing.to);
  const broken = project.tspc("--noEmit");
  expect(broken.output).toBe(`${pingError}\n`);
  expect(broken.status).toBe(2);

  project.edit(breakPing.file, breakPing.to, breakPing.from);
  const fixed = project.tspc("--noEmit");
  expect(fixed.output).toBe("");
  expect(fixed.status).toBe(0);
  expect(existsSync(path.join(project.dir, "dist"))).toBe(false);
});
