// croner is an optional peer (docs/reference/choices.md, "Cron expressions: croner"):
// imported only when an app has a @Cron job, so that an app without one
// (and every bundle for Workers) never reaches it. The specifier is a
// variable so that bundlers leave the import to run time.

const CRONER = "croner";

/** What honest uses of croner: its `Cron` class, as a calculator of the next run (honest keeps its own timers). */
export type CronClass = new (
  pattern: string,
  options: { readonly paused: true; readonly timezone: string; readonly mode: string },
) => { nextRun(after: Date): Date | null };

/** croner's `Cron` class, or an error that says how to install it. */
export async function loadCroner(jobs: string): Promise<CronClass> {
  let loaded: { Cron?: CronClass; default?: { Cron?: CronClass } };
  try {
    loaded = await import(/* @vite-ignore */ CRONER);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") throw error;
    throw new Error(
      `honest: ${jobs} runs on a cron expression, which honest reads with the croner package, and it is not installed: npm install croner`,
    );
  }
  const found = loaded.Cron ?? loaded.default?.Cron;
  if (typeof found !== "function") throw new Error("honest: the croner package installed has no Cron class: npm install croner@11");
  return found;
}
