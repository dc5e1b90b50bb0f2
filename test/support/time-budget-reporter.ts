import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Reporter, TestModule, TestRunEndReason } from "vitest/node";

// Each test file has a time budget in each project that runs it
// (test/time-budgets.json, seconds; docs/contributing.md, "Tests and lint"): a
// run whose tests all pass still fails when a file took longer than its
// budget, so that a slow file is noticed the day it grows, not when the suite
// has doubled.
//
// A file's time is its wall time in its worker (set-up, import, tests and
// hooks). On a machine busier than its cores (a shared CI runner, other jobs)
// everything takes longer for reasons no test controls, so the time is divided
// by how many times over the cores were asked for while the file ran (the
// 1-minute load average over the core count, when above 1) before it is
// compared. Budgets are about 3 times a measured time so corrected, at least
// 30 s (budgetFor). `HONEST_TIME_BUDGETS=write` rewrites the budgets of the
// files the run ran from its times; review the diff.

export const BUDGETS_FILE = path.resolve(import.meta.dirname, "../time-budgets.json");
const root = path.resolve(import.meta.dirname, "../..");

export type Budgets = Record<string, Record<string, number>>;

/** What the machine's load made of the time: 1 when the cores were not asked for more than they had. */
function loadFactor(loads: readonly number[]): number {
  return Math.max(1, ...loads.map((load) => load / os.availableParallelism()));
}

interface Timing {
  readonly project: string;
  readonly file: string;
  readonly seconds: number;
  readonly factor: number;
}

export function readBudgets(): Budgets {
  return JSON.parse(readFileSync(BUDGETS_FILE, "utf8")) as Budgets;
}

export default class TimeBudgetReporter implements Reporter {
  readonly #loadAtStart = new Map<string, number>();
  readonly #timings: Timing[] = [];

  onTestModuleStart(module: TestModule): void {
    this.#loadAtStart.set(module.id, os.loadavg()[0]!);
  }

  onTestModuleEnd(module: TestModule): void {
    const { environmentSetupDuration, prepareDuration, collectDuration, setupDuration, duration } = module.diagnostic();
    const milliseconds = environmentSetupDuration + prepareDuration + collectDuration + setupDuration + duration;
    this.#timings.push({
      project: module.project.name,
      file: path.relative(root, module.moduleId).split(path.sep).join("/"),
      seconds: milliseconds / 1000,
      factor: loadFactor([this.#loadAtStart.get(module.id) ?? 0, os.loadavg()[0]!]),
    });
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, _errors: ReadonlyArray<unknown>, reason: TestRunEndReason): void {
    // A failed run says why already; a file cut short has no time worth comparing.
    if (reason !== "passed") return;
    if (process.env.HONEST_TIME_BUDGETS === "write") {
      writeBudgets(this.#timings);
      return;
    }
    const budgets = readBudgets();
    const over = this.#timings.filter((timing) => {
      const budget = budgets[timing.project]?.[timing.file];
      return budget !== undefined && timing.seconds / timing.factor > budget;
    });
    if (over.length === 0) return;
    process.exitCode = 1;
    const lines = over.map(
      ({ project, file, seconds, factor }) =>
        `  ${project} ${file}: ${seconds.toFixed(1)} s` +
        (factor > 1 ? ` (${(seconds / factor).toFixed(1)} s on cores to spare, the load ${factor.toFixed(1)}× the cores)` : "") +
        `, budget ${budgets[project]![file]} s`,
    );
    console.error(
      `\nTest files over their time budget (test/time-budgets.json):\n${lines.join("\n")}\n` +
        "Make the file faster, or raise its budget saying why in the commit (HONEST_TIME_BUDGETS=write writes budgets from this run's times).\n",
    );
  }
}

/**
 * Three times the time corrected for the load, but never under one and a half
 * times the time as measured: a file that mostly waits (timers, sockets, child
 * processes' start-up) is slowed less by a busy machine than the correction
 * assumes. At least 30 s (a cold first import on a busy runner), rounded up to 5 s.
 */
export function budgetFor(seconds: number, factor: number): number {
  return Math.max(30, Math.ceil(Math.max((3 * seconds) / factor, 1.5 * seconds) / 5) * 5);
}

function writeBudgets(timings: readonly Timing[]): void {
  const budgets = readBudgets();
  for (const { project, file, seconds, factor } of timings) {
    budgets[project] ??= {};
    budgets[project][file] = budgetFor(seconds, factor);
  }
  const sorted = Object.fromEntries(
    Object.keys(budgets)
      .sort()
      .map((project) => [project, Object.fromEntries(Object.entries(budgets[project]!).sort(([a], [b]) => a.localeCompare(b)))]),
  );
  writeFileSync(BUDGETS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
}
