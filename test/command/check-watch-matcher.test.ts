import { afterAll, expect, it } from "vitest";
import { honestBin } from "../support/generated-example.js";
import { HonestCode } from "../support/honest-codes.js";
import { docBlock } from "../support/readme.js";
import { breakPing, pingProject } from "../support/ping-fixture.js";
import { tspcProject } from "../support/tspc-project.js";
import type { Watched } from "../support/watched-process.js";

// docs/setup/checking-in-ci.md, "Checking in CI" (the editor's task): `honest check --watch`
// frames each run as tsc --watch frames a compilation, so that VS Code's
// `$tsc-watch` problem matcher knows when a run begins and ends, and reads
// each of honest's diagnostics from its line. The patterns are VS Code's
// own, copied from microsoft/vscode, extensions/typescript-language-features/
// package.json (`contributes.problemPatterns` "tsc" and the background of
// `contributes.problemMatchers` "tsc-watch"), with JSON's escaping undone
// (and `[\(:]` written `[(:]`, the same class, as Biome asks).

const TSC_PATTERN = /^([^\s].*)[(:](\d+)[,:](\d+)(?:\):\s+|\s+-\s+)(error|warning|info)\s+TS(\d+)\s*:\s*(.*)$/;
const BEGINS_PATTERN =
  /^\s*(?:message TS6032:|\[?\D*.{1,2}[:.].{1,2}[:.].{1,2}\D*(├\D*\d{1,2}\D+┤)?(?:\]| -)) (Starting compilation in watch mode|File change detected\. Starting incremental compilation)\.\.\./;
const ENDS_PATTERN =
  /^\s*(?:message TS6042:|\[?\D*.{1,2}[:.].{1,2}[:.].{1,2}\D*(├\D*\d{1,2}\D+┤)?(?:\]| -)) (?:Compilation complete\.|Found \d+ errors?\.) Watching for file changes\./;

let watcher: Watched | undefined;

/** The task docs/setup/checking-in-ci.md shows: the command this test runs, read by `$tsc-watch`. */
const readmeTask = (JSON.parse(docBlock("docs/setup/checking-in-ci.md", "`.vscode/tasks.json`:")) as { tasks: Record<string, unknown>[] })
  .tasks[0]!;

afterAll(async () => {
  await watcher?.stop();
});

/** The runs as the matcher sees them: what each begin line starts, the lines up to its end line, and that end line. */
function runs(output: string): { begin: string; lines: string[]; end: string }[] {
  const found: { begin: string; lines: string[]; end: string }[] = [];
  let current: { begin: string; lines: string[] } | undefined;
  for (const line of output.split("\n")) {
    if (BEGINS_PATTERN.test(line)) {
      expect(current, `a run began before the last one ended:\n${output}`).toBeUndefined();
      current = { begin: line, lines: [] };
    } else if (ENDS_PATTERN.test(line)) {
      expect(current, `a run ended that had not begun:\n${output}`).toBeDefined();
      found.push({ ...current!, end: line });
      current = undefined;
    } else if (current) {
      current.lines.push(line);
    }
  }
  return found;
}

/** What the tsc pattern's groups give for each line it matches: file, line, column, severity, code, message. */
function problems(lines: readonly string[]): string[][] {
  return lines.flatMap((line) => {
    const match = TSC_PATTERN.exec(line);
    return match ? [match.slice(1, 7)] : [];
  });
}

it("is what the documented VS Code task runs, in the background, with $tsc-watch", () => {
  expect(readmeTask).toMatchObject({ command: "npx honest check --watch", isBackground: true, problemMatcher: "$tsc-watch" });
});

it("begins and ends each run as $tsc-watch expects, and each diagnostic's line gives its file, place, severity, code and message", async () => {
  const project = tspcProject("check-watch-matcher", pingProject);
  watcher = project.spawn(process.execPath, [honestBin, "check", "--watch"]);
  await watcher.waitFor(/Watching for file changes\./);
  project.edit(breakPing.file, breakPing.from, breakPing.to);
  await watcher.waitFor(/Watching for file changes\./, 2);
  project.edit(breakPing.file, breakPing.to, breakPing.from);
  const output = await watcher.waitFor(/Watching for file changes\./, 3);

  const [first, broken, fixed] = runs(output);
  expect(runs(output)).toHaveLength(3);
  expect(first!.begin).toMatch(/^\[[^\]]+\] Starting compilation in watch mode\.\.\.$/);
  expect(first!.end).toMatch(/^\[[^\]]+\] Found 0 errors\. Watching for file changes\.$/);
  expect(problems(first!.lines)).toEqual([]);
  expect(first!.lines).toContain("honest: no errors (2 routes).");

  expect(broken!.begin).toMatch(/^\[[^\]]+\] File change detected\. Starting incremental compilation\.\.\.$/);
  expect(broken!.end).toMatch(/^\[[^\]]+\] Found 1 error\. Watching for file changes\.$/);
  expect(problems(broken!.lines)).toEqual([
    [
      "src/ping.controller.ts",
      "7",
      "9",
      "error",
      String(HonestCode.PlaceholderMismatch),
      "GET /ping/{id} (PingController.ping): the path has {id} but the handler has no Path parameter; add one, such as 'id: Path<string>'.",
    ],
  ]);

  expect(fixed!.begin).toMatch(/^\[[^\]]+\] File change detected\. Starting incremental compilation\.\.\.$/);
  expect(fixed!.end).toMatch(/^\[[^\]]+\] Found 0 errors\. Watching for file changes\.$/);
  expect(problems(fixed!.lines)).toEqual([]);
});
