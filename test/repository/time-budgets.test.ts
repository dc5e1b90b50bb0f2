import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRuns, SUITE_PROJECTS } from "../support/suite-projects.js";
import { readBudgets } from "../support/time-budget-reporter.js";

// Every test file has a time budget in each project that runs it, and the
// table lists nothing else (docs/contributing.md, "Tests and lint"):
// support/time-budget-reporter.ts fails a run when a file goes over its budget.

const root = path.resolve(import.meta.dirname, "../..");

/** Every *.test.ts under test/, as a path from the repository's root with `/`. */
function testFiles(): string[] {
  return readdirSync(path.join(root, "test"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".test.ts"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => !file.startsWith("test/.out/"))
    .sort();
}

/** "project file" for each file a project runs. */
function runs(): string[] {
  const files = testFiles();
  return Object.entries(SUITE_PROJECTS).flatMap(([name, project]) =>
    files.filter((file) => projectRuns(project, file)).map((file) => `${name} ${file}`),
  );
}

describe("the test files' time budgets (test/time-budgets.json)", () => {
  const budgets = readBudgets();
  const listed = Object.entries(budgets).flatMap(([name, files]) => Object.keys(files).map((file) => `${name} ${file}`));

  it("has a budget for every file in every project that runs it", () => {
    expect(runs().filter((run) => !listed.includes(run))).toEqual([]);
  });

  it("lists no file a project does not run", () => {
    const all = runs();
    expect(listed.filter((run) => !all.includes(run))).toEqual([]);
  });

  it("gives each a whole number of seconds, at least 30", () => {
    const wrong = Object.entries(budgets).flatMap(([name, files]) =>
      Object.entries(files)
        .filter(([, seconds]) => !Number.isInteger(seconds) || seconds < 30)
        .map(([file, seconds]) => `${name} ${file}: ${seconds}`),
    );
    expect(wrong).toEqual([]);
  });

  it("runs every test file in some project", () => {
    const run = new Set(runs().map((entry) => entry.slice(entry.indexOf(" ") + 1)));
    expect(testFiles().filter((file) => !run.has(file))).toEqual([]);
  });
});
