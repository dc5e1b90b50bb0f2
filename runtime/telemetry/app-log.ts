import { ConsoleJsonLogger, ConsoleTextLogger } from "./console-loggers.js";
import { DeferredLogger } from "./deferred-logger.js";
import { loadPino, pinoRuns } from "./load-pino.js";
import { isLogger, type Logger, type LoggerOption, logLevel } from "./logger.js";
import type { Context } from "hono";

// What honest itself writes, through the app's logger (docs/guide/logs-and-traces.md,
// "Logs"): faults with their error and the request's id, what changed in the
// app's links and checks, startup and shutdown; and, once createApp({ logger })
// asks for lines a program reads, one access line per request. Without it,
// the same lines go to the console as text, as they always have, each fault
// with its request's id, and there are no access lines.

/** A line's fields: `err` the error (written with its stack, never sent to the client), `reqId` the request's id. */
export interface LogFields {
  readonly err?: unknown;
  readonly reqId?: string;
  readonly [field: string]: unknown;
}

/** The app's instance of a component, as createApp's `redis` and `logger` functions reach it. */
type ComponentLookup = <T>(component: abstract new (...args: never) => T) => T;

/** createApp's `logger`, or a function of the app's components that gives it, as `redis` is given (app-redis.ts). */
export type LoggerSetting = LoggerOption | ((component: ComponentLookup) => LoggerOption | undefined);

export class AppLog {
  /** Whether lines are pino's JSON (or pino itself): access lines are written then. */
  structured = false;
  /** The logger lines go to: pino, or what stands in for it; the console's text logger for Inject<Logger> otherwise. */
  logger: Logger;
  /** Settles once pino is loaded, where the app asked for it; rejects, saying what to install, when it is not. */
  ready: Promise<void> | undefined;
  /** The setting still to be read once the components are built, when it is a function of them. */
  #later: ((component: ComponentLookup) => LoggerOption | undefined) | undefined;
  /** What stands in for the logger until a setting given as a function is read. */
  #deferred: DeferredLogger | undefined;

  constructor(setting: LoggerSetting | undefined) {
    if (typeof setting === "function" && !isLogger(setting)) {
      this.#later = setting;
      this.#deferred = new DeferredLogger("info");
      this.logger = this.#deferred;
      return;
    }
    this.logger = this.#use(setting);
  }

  /** Reads a setting given as a function of the components, now that they are built (before any request). */
  decide(component: ComponentLookup): void {
    const later = this.#later;
    if (later === undefined) return;
    this.#later = undefined;
    const chosen = this.#use(later(component));
    this.#deferred!.resolve(chosen);
    // Lines from now on go straight to it, not through the stand-in (pino's, once loaded, replaces it in turn).
    this.logger = chosen;
  }

  #use(option: LoggerOption | undefined): Logger {
    if (option === undefined || option === false) return new ConsoleTextLogger();
    if (isLogger(option)) {
      this.structured = true;
      return option;
    }
    if (option !== true && (typeof option !== "object" || option === null)) {
      throw new TypeError(`honest: createApp's logger must be true, false, { level?, pretty? } or a pino logger; got ${typeof option}`);
    }
    this.structured = true;
    const { level: set, pretty } = option === true ? {} : option;
    const level = logLevel(set);
    if (!pinoRuns()) return new ConsoleJsonLogger(level);
    const deferred = new DeferredLogger(level);
    // Once resolved, the stand-in passes each line on; the app's own lines (the access line of every request) go
    // straight to what it resolved to.
    const settle = (logger: Logger) => {
      deferred.resolve(logger);
      if (this.logger === deferred) this.logger = logger;
    };
    this.ready = loadPino(level, pretty).then(settle, (error: unknown) => {
      // What waited is still written, as JSON through the console, before the start fails with the reason.
      settle(new ConsoleJsonLogger(level));
      throw error;
    });
    return deferred;
  }

  /**
   * Settles once the lines written so far have reached standard output: pino writes them asynchronously, and serve
   * exits the process after the last, which would otherwise be written before one still on its way.
   */
  flushed(): Promise<void> {
    let target: Logger | undefined = this.logger;
    while (target instanceof DeferredLogger) target = target.target;
    const flush = (target as { flush?: unknown } | undefined)?.flush;
    if (typeof flush !== "function") return Promise.resolve();
    // A second at most: a destination that never drains must not keep the process from exiting.
    return new Promise((resolve) => {
      const bound = setTimeout(resolve, 1000);
      (flush as (done: () => void) => void).call(target, () => {
        clearTimeout(bound);
        resolve();
      });
    });
  }

  error(message: string, fields?: LogFields): void {
    if (this.structured) this.logger.error(fields ?? {}, message);
    else console.error(...textLine(message, fields));
  }

  warn(message: string, fields?: LogFields): void {
    if (this.structured) this.logger.warn(fields ?? {}, message);
    else console.error(...textLine(message, fields));
  }

  info(message: string, fields?: LogFields): void {
    if (this.structured) this.logger.info(fields ?? {}, message);
    else console.log(...textLine(message, fields));
  }
}

/** The console's arguments: `honest: <message> (request <id>):` and the error, whose stack the console prints. */
function textLine(message: string, fields: LogFields | undefined): unknown[] {
  const id = fields?.reqId === undefined ? "" : ` (request ${fields.reqId})`;
  if (fields === undefined || !("err" in fields)) return [`honest: ${message}${id}`];
  return [`honest: ${message}${id}:`, fields.err];
}

/** The key of a request's app log among its context's variables, set only where lines are structured. */
const REQUEST_LOG = Symbol("honest.log");

/** Puts `log` where logFrom(c) finds it: the request entry does, for an app whose lines are not the console's text. */
export function setRequestLog(c: Context, log: AppLog): void {
  c.set(REQUEST_LOG as never, log as never);
}

/** The log of the app request `c` is for, where what logs holds only the request. */
export function logFrom(c: Context): AppLog {
  return (c.get(REQUEST_LOG as never) as AppLog | undefined) ?? TEXT;
}

const logs = new WeakMap<object, AppLog>();
/** The lines of an app honest did not build (served by serve all the same): text on the console. */
const TEXT = new AppLog(undefined);

export function rememberLog(app: object, log: AppLog): void {
  logs.set(app, log);
}

/** Where `app`'s lines go. */
export function logOf(app: object): AppLog {
  return logs.get(app) ?? TEXT;
}

/** The text lines of what no app owns. */
export function textLog(): AppLog {
  return TEXT;
}
