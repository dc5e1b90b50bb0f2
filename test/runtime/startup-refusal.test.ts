import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { breakPing, pingController, pingError, servingMain } from "../support/ping-fixture.js";
import { tspcProject, type TspcProject } from "../support/tspc-project.js";

// A startup refusal on Node, when nothing catches it: honest's message alone
// on standard error (no source excerpt, no stack, no "Node.js v..." line),
// exit code 1. A refusal the app catches ends nothing, and leaves Node's own
// handling of an uncaught error as it was.

function start(project: TspcProject): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [path.join(project.dir, "dist/main.js")], {
    cwd: project.dir,
    encoding: "utf8",
    env: { ...process.env, PORT: "0" },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

it("a build with an honest error: the message alone on stderr, exit 1", () => {
  const project = tspcProject("startup-refusal-build-error", { "src/main.ts": servingMain, "src/ping.controller.ts": pingController });
  project.edit(breakPing.file, breakPing.from, breakPing.to);
  project.tspc();
  expect(start(project)).toEqual({
    status: 1,
    stdout: "",
    stderr: `honest: this app was built from a program with 1 honest error; fix it and build again:\n  ${pingError}\n`,
  });
});

it("createApp() built by plain tsc: the message alone, naming both ways to build, exit 1", () => {
  const project = tspcProject(
    "startup-refusal-plain-tsc",
    { "src/main.ts": servingMain, "src/ping.controller.ts": pingController },
    { plugins: [] },
  );
  expect(project.tspc().status).toBe(0);
  const started = start(project);
  expect(started.status).toBe(1);
  expect(started.stderr).toBe(
    "honest: this createApp() call was not compiled by honest: the honest transformer did not build it, " +
      "and no module written by `honest generate` was imported. " +
      'Either build with tspc and { "transform": "honest/transformer" } in compilerOptions.plugins (TypeScript 5.9 or 6); ' +
      'or, on TypeScript 7, run `npx honest generate` before tsc and add import "./honest.generated.js"; to the file that calls createApp() ' +
      "(TypeScript 7: generator mode, https://github.com/honest-ts/honest/blob/main/docs/setup/typescript-7.md).\n",
  );
});

it("a refusal the app catches ends nothing; an error uncaught later is Node's own report", () => {
  const project = tspcProject(
    "startup-refusal-caught",
    {
      "src/main.ts": `import { createApp } from "honest";
try {
  createApp();
} catch (error) {
  console.log("caught:", (error as Error).message.slice(0, 40));
}
setTimeout(() => {
  throw new Error("later");
}, 20);
`,
      "src/ping.controller.ts": pingController,
    },
    { plugins: [] },
  );
  expect(project.tspc().status).toBe(0);
  const started = start(project);
  expect(started.stdout).toBe("caught: honest: this createApp() call was not co\n");
  expect(started.status).toBe(1);
  expect(started.stderr).toMatch(/throw new Error\("later"\);\n[\s^]*\n\nError: later\n {4}at /);
});
