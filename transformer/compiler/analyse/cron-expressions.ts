import { createRequire } from "node:module";
import path from "node:path";

// @Cron's expression is read by croner (docs/reference/choices.md, "Cron
// expressions: croner"), at build time as at run time, so that what the build
// accepts is what the app runs. croner is an optional peer: it is loaded from
// the program's own node_modules (where the app will find it), the first time
// a @Cron is met, and its absence is a diagnostic there.

/** What the build uses of croner's `Cron` class. */
type CronClass = new (
  pattern: string,
  options: { readonly paused: true; readonly timezone: string; readonly mode: string },
) => { nextRun(after?: Date): Date | null };

export type CronCheck =
  | { readonly kind: "ok" }
  | { readonly kind: "missing" }
  | { readonly kind: "refused"; readonly reason: string }
  | { readonly kind: "question-mark" }
  | { readonly kind: "never" };

/** croner's Cron class by the folder it was found from; a folder where it was not is looked in again (the editor lives on while it is installed). */
const loaded = new Map<string, CronClass>();

/** Whether croner accepts `expression` as the app will read it: 5 or 6 fields or a nickname, in UTC. */
export function checkCron(expression: string, fromFile: string): CronCheck {
  const Cron = croner(path.dirname(fromFile));
  if (Cron === null) return { kind: "missing" };
  // croner reads '?' as the time of the process's start, which instances would not share.
  if (expression.includes("?")) return { kind: "question-mark" };
  let next: Date | null;
  try {
    next = new Cron(expression, { paused: true, timezone: "UTC", mode: "5-or-6-parts" }).nextRun(new Date());
  } catch (error) {
    return { kind: "refused", reason: reasonOf(error) };
  }
  return next === null ? { kind: "never" } : { kind: "ok" };
}

function croner(folder: string): CronClass | null {
  const known = loaded.get(folder);
  if (known !== undefined) return known;
  let module: { Cron?: CronClass };
  try {
    module = createRequire(path.join(folder, "index.js"))("croner") as { Cron?: CronClass };
  } catch {
    return null;
  }
  if (typeof module.Cron !== "function") return null;
  loaded.set(folder, module.Cron);
  return module.Cron;
}

/** croner's message without its prefix: "CronPattern: Invalid value for minute: 61" says "Invalid value for minute: 61". */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^CronPattern: /, "").replace(/\.$/, "");
}
