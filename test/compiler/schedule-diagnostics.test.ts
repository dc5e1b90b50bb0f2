import { describe } from "vitest";
import { HonestCode } from "../support/honest-codes.js";
import { controllerDiagnostics, honestError as error, itReports } from "../support/controller-diagnostics.js";

// docs/reference/diagnostics.md, "Compile-time diagnostics" (TS991043): an @Every or @Cron the app could not run
// fails the build at the decorator, its argument or the parameter to remove, with what to write instead
// (docs/guide/scheduled-work.md, "Mistakes the build reports").

const diagnosticsOf = controllerDiagnostics({
  prefix: "schedule-diagnostics",
  header: `import { Controller, Cron, Every, Get, PerRequest, createApp } from "honest";
import type { Json } from "honest";
`,
  withApp: true,
});

/** The class in one file, createApp() in another, as an app is laid out. */
const appElsewhere = controllerDiagnostics({ prefix: "schedule-diagnostics", header: `import { Every } from "honest";\n` });

describe("@Every and @Cron diagnostics", () => {
  itReports(diagnosticsOf, [
    {
      title: "accepts durations, a number of ms, and cron expressions of 5 and 6 fields and a nickname",
      name: "accepted",
      source: `
export class Jobs {
  @Every("500ms") async a(): Promise<void> {}
  @Every("10s") async b(): Promise<void> {}
  @Every("5m") c(): void {}
  @Every("1h") async d(): Promise<void> {}
  @Every(30_000) async e(): Promise<void> {}
  @Cron("*/5 * * * *") async f(): Promise<void> {}
  @Cron("*/10 * * * * *") async g(): Promise<void> {}
  @Cron("0 9 * * MON-FRI") async h(): Promise<void> {}
  @Cron("@hourly") async i(): Promise<void> {}
}`,
      errors: [],
    },
    {
      title: "reports a duration that does not parse, and one below 100 ms, at the argument",
      name: "durations",
      source: `
export class Jobs {
  @Every("1e3ms") async a(): Promise<void> {}
  @Every("1.5s") async b(): Promise<void> {}
  @Every(0) async c(): Promise<void> {}
  @Every("50ms") async d(): Promise<void> {}
  @Every(20) async e(): Promise<void> {}
}`,
      errors: [
        error(
          5,
          HonestCode.Schedule,
          'Jobs.a: @Every("1e3ms") is not a duration; write a whole number followed by ms, s, m or h ("500ms", "10s", "5m", "1h"), or a whole number of ms.',
        ),
        error(
          6,
          HonestCode.Schedule,
          'Jobs.b: @Every("1.5s") is not a duration; write a whole number followed by ms, s, m or h ("500ms", "10s", "5m", "1h"), or a whole number of ms.',
        ),
        error(
          7,
          HonestCode.Schedule,
          'Jobs.c: @Every(0) is not a duration; write a whole number followed by ms, s, m or h ("500ms", "10s", "5m", "1h"), or a whole number of ms.',
        ),
        error(
          8,
          HonestCode.Schedule,
          'Jobs.d: @Every("50ms") is 50 ms, and the shortest interval is 100 ms, below which a tick is mostly timer and lock; write "100ms" or more, or run the work in a loop of its own started by init().',
        ),
        error(
          9,
          HonestCode.Schedule,
          'Jobs.e: @Every(20) is 20 ms, and the shortest interval is 100 ms, below which a tick is mostly timer and lock; write "100ms" or more, or run the work in a loop of its own started by init().',
        ),
      ],
    },
    {
      title: "reports a cron expression croner refuses, with croner's reason, one with '?', and one that never comes",
      name: "cron",
      source: `
export class Jobs {
  @Cron("61 * * * *") async a(): Promise<void> {}
  @Cron("* * * * * * *") async b(): Promise<void> {}
  @Cron("every minute") async c(): Promise<void> {}
  @Cron("0 0 ? * *") async d(): Promise<void> {}
  @Cron("0 0 31 2 *") async e(): Promise<void> {}
}`,
      errors: [
        error(
          5,
          HonestCode.Schedule,
          'Jobs.a: @Cron("61 * * * *") is refused by croner: Invalid value for minute: 61; write 5 fields (minute, hour, day of month, month, day of week), 6 with seconds first, or a nickname such as @hourly.',
        ),
        error(
          6,
          HonestCode.Schedule,
          "Jobs.b: @Cron(\"* * * * * * *\") is refused by croner: mode '5-or-6-parts' requires exactly 5 or 6 parts, but pattern '* * * * * * *' has 7 parts; write 5 fields (minute, hour, day of month, month, day of week), 6 with seconds first, or a nickname such as @hourly.",
        ),
        error(
          7,
          HonestCode.Schedule,
          "Jobs.c: @Cron(\"every minute\") is refused by croner: invalid configuration format ('every minute'), exactly five, six, or seven space separated parts are required; write 5 fields (minute, hour, day of month, month, day of week), 6 with seconds first, or a nickname such as @hourly.",
        ),
        error(
          8,
          HonestCode.Schedule,
          "Jobs.d: @Cron(\"0 0 ? * *\") has '?', which croner reads as the moment the process started, so that instances started at different times would disagree on the ticks; write * or a value instead.",
        ),
        error(
          9,
          HonestCode.Schedule,
          'Jobs.e: @Cron("0 0 31 2 *") names no time that will ever come (as the 31st of February), so the job would never run; correct the fields.',
        ),
      ],
    },
    {
      title: "reports a @Cron where croner cannot be loaded, saying how to install it",
      name: "no-croner",
      source: `
export class Jobs {
  @Cron("*/5 * * * *") async a(): Promise<void> {}
  @Every("1m") async b(): Promise<void> {}
}`,
      // A croner whose entry is missing, found before the repository's: as a project without croner installed.
      extraFiles: { "node_modules/croner/package.json": '{ "name": "croner", "main": "missing.js" }' },
      errors: [
        error(
          5,
          HonestCode.Schedule,
          "Jobs.a: @Cron needs the croner package, which reads cron expressions when the app is built and when it runs, and it is not installed: npm install croner",
        ),
      ],
    },
    {
      title: "reports an argument that is not a literal",
      name: "not-literal",
      source: `
const PERIOD = "30s";
const EXPRESSION = "*/5 * * * *";
export class Jobs {
  @Every(PERIOD) async a(): Promise<void> {}
  @Cron(EXPRESSION) async b(): Promise<void> {}
}`,
      errors: [
        error(
          7,
          HonestCode.Schedule,
          'Jobs.a: @Every takes one literal, a duration ("500ms", "10s", "5m", "1h") or a whole number of ms, which the build checks; write it in place, as in @Every("30s").',
        ),
        error(
          8,
          HonestCode.Schedule,
          'Jobs.b: @Cron takes one string literal, a cron expression the build checks; write it in place, as in @Cron("*/5 * * * *").',
        ),
      ],
    },
    {
      title: "reports a method that takes parameters, two schedules on one method, a static method and a field",
      name: "methods",
      source: `
export class Jobs {
  @Every("1m") async a(limit: number): Promise<void> { void limit; }
  @Every("1m")
  @Cron("0 * * * *")
  async b(): Promise<void> {}
  @Every("1m") static async c(): Promise<void> {}
  // @ts-ignore: a decorator's type allows a field; honest does not
  @Every("1m") d = async (): Promise<void> => {};
}`,
      errors: [
        error(
          5,
          HonestCode.Schedule,
          "Jobs.a: a scheduled method is called with no arguments at each tick; remove its parameters, and reach what it needs through the class's Inject<T> and Env<T> fields.",
        ),
        error(
          7,
          HonestCode.Schedule,
          "Jobs.b has more than one @Every or @Cron; keep one, and give another schedule a method of its own that calls this one.",
        ),
        error(
          9,
          HonestCode.Schedule,
          "Jobs.c: @Every goes on an instance method, which the app calls on the one instance it builds; remove static.",
        ),
        error(
          11,
          HonestCode.Schedule,
          "Jobs.d: @Every goes on a method, which the app calls at each tick; declare d as a method, as in async d(): Promise<void> { ... }.",
        ),
      ],
    },
    {
      title: "reports a schedule on a controller and on a @PerRequest() component",
      name: "classes",
      source: `
@Controller()
export class ItemController {
  @Get("/items") async list(): Promise<Json<string[]>> { return []; }
  @Every("1m") async refresh(): Promise<void> {}
}
@PerRequest()
export class Work {
  @Cron("0 * * * *") async tidy(): Promise<void> {}
}`,
      errors: [
        error(
          7,
          HonestCode.Schedule,
          "ItemController.refresh: ItemController is a @Controller(), whose methods answer requests; move the scheduled method into a component (a plain class: the app builds every class with a scheduled method, whether or not anything injects it).",
        ),
        error(
          11,
          HonestCode.Schedule,
          "Work.tidy: Work is @PerRequest(), built for each request, and a job runs outside any request on the app's one instance; move the scheduled method into an app-wide component.",
        ),
      ],
    },
  ]);
  itReports(appElsewhere, [
    {
      title: "reports a scheduled class createApp() cannot import, at its name",
      name: "not-exported",
      source: `
class Jobs {
  @Every("1m") async refresh(): Promise<void> {}
}
void Jobs;`,
      extraFiles: { "src/app.ts": `import { createApp } from "honest";\nexport const other = createApp({ log: false });\n` },
      errors: [
        error(
          3,
          HonestCode.Schedule,
          "Jobs must be exported: it has a scheduled method, and createApp() in app.ts builds it, importing it to do so.",
        ),
      ],
    },
  ]);
});
