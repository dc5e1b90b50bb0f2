import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CommandResult, run, runOrThrow } from "../support/commands.js";
import { installUserProject } from "../support/user-project.js";
import { copyWorkingTree } from "../support/working-tree.js";

// README, "Adding honest to a project", before honest is on the registry:
// `npm install "git+$HONEST_GIT#main"`. The working tree is committed to a
// fresh git repository under the system temp directory (a clone on the
// user's machine, as git+file:// names one), and a user project installs it
// by that URL: npm clones it, installs its dev dependencies, runs its
// `preprepare` build, packs it and installs the result.

const SETUP_TIMEOUT = 300_000;

let tempDir: string | undefined;
let project: string;
let repository: string;
let install: CommandResult;

beforeAll(() => {
  tempDir = mkdtempSync(path.join(os.tmpdir(), "honest-git-"));
  repository = path.join(tempDir, "honest");
  project = path.join(tempDir, "user-app");
  copyWorkingTree(repository);
  runOrThrow("git", ["init", "--quiet", "--initial-branch=main"], repository);
  runOrThrow("git", ["add", "--all"], repository);
  runOrThrow(
    "git",
    ["-c", "user.name=honest tests", "-c", "user.email=tests@honest.invalid", "commit", "--quiet", "-m", "snapshot"],
    repository,
  );

  install = installUserProject(project, "honest-git-user-app", {
    dependencies: { honest: `git+${pathToFileURL(repository).href}#main`, hono: "4.13.18" },
    devDependencies: { typescript: "6.0.3" },
  });
}, SETUP_TIMEOUT);

afterAll(() => {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

describe("a project that installs honest by a git URL", () => {
  it("gets dist/ built in npm's clone, and runs no install script", () => {
    const installed = path.join(project, "node_modules/honest");
    expect(existsSync(path.join(installed, "dist/esm/runtime/index.js")), install.output).toBe(true);
    expect(existsSync(path.join(installed, "dist/cjs/transformer/index.js")), install.output).toBe(true);
    // swagger-ui-dist and typescript7 are optional peer dependencies: a project gets them only by installing them itself.
    expect(existsSync(path.join(project, "node_modules/swagger-ui-dist"))).toBe(false);
    expect(existsSync(path.join(project, "node_modules/typescript7"))).toBe(false);
    const lockfile = JSON.parse(readFileSync(path.join(project, "package-lock.json"), "utf8"));
    expect(lockfile.packages["node_modules/honest"].resolved).toMatch(/^git\+file:\/\/.*#[0-9a-f]{40}$/);
    // npm 11 lists the install scripts it did not run: none, neither a prepare
    // of honest's nor a dependency's (docs/guide/openapi-and-clients.md, "Serving the document and the documentation page").
    expect(install.output).not.toMatch(/install-scripts/);
  });

  it("gives the runtime to import, honest/node, and the transformer (beside the project's typescript) to require", () => {
    const esm = run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        'const { createApp } = await import("honest"); const { serve } = await import("honest/node"); console.log(typeof createApp, typeof serve);',
      ],
      project,
    );
    expect(esm.stdout, esm.output).toBe("function function\n");
    const cjs = run(process.execPath, ["-e", 'console.log(typeof require("honest/transformer").default)'], project);
    expect(cjs.stdout, cjs.output).toBe("function\n");
  });
});
