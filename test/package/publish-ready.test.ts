import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CommandResult, run } from "../support/commands.js";
import { reachedFiles } from "../support/reached-files.js";
import { copyWorkingTree, repositoryRoot } from "../support/working-tree.js";

// CHANGELOG.md, "Versions", and the package as the registry gets it: `npm
// publish --dry-run`, from a copy of the working tree with this run's dist/
// (npm reads and corrects package.json from the folder, and says so in
// warnings), warns of nothing but the missing login, and publishes the
// licence, the changelog, the README and the editor plugin's package.json.

interface DryRun {
  readonly id: string;
  readonly files: readonly { readonly path: string }[];
}

let staging: string | undefined;
let folder: string;
let publish: CommandResult;

beforeAll(() => {
  staging = mkdtempSync(path.join(os.tmpdir(), "honest-publish-"));
  folder = path.join(staging, "honest");
  copyWorkingTree(folder);
  cpSync(path.join(repositoryRoot, "dist"), path.join(folder, "dist"), { recursive: true });
  symlinkSync(path.join(repositoryRoot, "node_modules"), path.join(folder, "node_modules"), "dir");
  publish = run("npm", ["publish", "--dry-run", "--json", "--ignore-scripts"], folder);
});

afterAll(() => {
  if (staging) rmSync(staging, { recursive: true, force: true });
});

describe("npm publish --dry-run", () => {
  it("succeeds and warns of nothing about the package", () => {
    expect(publish.status, publish.output).toBe(0);
    const warnings = publish.output
      .split("\n")
      .filter((line) => /^npm warn/i.test(line))
      .filter((line) => !/requires you to be logged in/.test(line));
    expect(warnings).toEqual([]);
  });

  it("publishes the licence, the changelog, the README, the bin and the editor plugin's package.json", () => {
    const dryRun = (JSON.parse(publish.stdout) as Record<string, DryRun>).honest!;
    const files = dryRun.files.map((file) => file.path);
    for (const file of [
      "LICENSE",
      "CHANGELOG.md",
      "README.md",
      "language-service/package.json",
      "dist/esm/transformer/command/honest.js",
    ]) {
      expect(files).toContain(file);
    }
  });

  // package.json's `files` leaves out what no entry point reaches: the compiler's and the command's declarations, the command's CommonJS copy.
  it("publishes every file an entry point reaches, declarations included, and leaves out the rest of dist/", () => {
    const dryRun = (JSON.parse(publish.stdout) as Record<string, DryRun>).honest!;
    const files = new Set(dryRun.files.map((file) => file.path));
    const reached = reachedFiles(folder);
    // The walk follows the declarations' imports, past the entry points' own.
    expect(reached.filter((file) => file.endsWith(".d.ts")).length).toBeGreaterThan(20);
    expect(reached.filter((file) => !files.has(file))).toEqual([]);
    expect([...files].filter((file) => /^dist\/(esm|cjs)\/transformer\/(compiler|command)\/.*\.d\.ts$/.test(file))).toEqual([]);
    expect([...files].filter((file) => file.startsWith("dist/cjs/transformer/command/"))).toEqual([]);
  });

  it("names where honest lives and what it is under", () => {
    const manifest = JSON.parse(readFileSync(path.join(repositoryRoot, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest.license).toBe("MIT");
    expect(readFileSync(path.join(repositoryRoot, "LICENSE"), "utf8")).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} honest contributors/);
    expect(manifest.repository).toEqual({ type: "git", url: "git+https://github.com/honest-ts/honest.git" });
    expect(manifest.bugs).toEqual({ url: "https://github.com/honest-ts/honest/issues" });
    expect(manifest.bin).toEqual({ honest: "dist/esm/transformer/command/honest.js" });
  });
});
