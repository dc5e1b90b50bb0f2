// The logger honest writes through and components receive with
// `Inject<Logger>` (docs/guide/logs-and-traces.md, "Logs"): pino's own
// interface, so that a pino instance is one as it is, and what honest builds
// where pino does not run (Workers) or where no logger was asked for has the
// same methods.

/** The levels a logger writes at, pino's, least severe first. */
export type LogLevel = "trace" | "debug" | "info" | "warn" | "error" | "fatal";

/** The number pino writes for each level, and compares to filter lines. */
export const LEVEL_NUMBERS: Readonly<Record<LogLevel, number>> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

export const LOG_LEVELS = Object.keys(LEVEL_NUMBERS) as readonly LogLevel[];

/**
 * The app's logger: pino's interface (`log.info({ itemId }, "item created")` or `log.info("started")`), given to any
 * component or controller that declares `declare readonly log: Inject<Logger>`; inside a request its lines carry the
 * request's `reqId` (docs/guide/logs-and-traces.md, "Logs").
 * @honest Logger
 */
export abstract class Logger {
  /** The least severe level written: `"info"` unless set. */
  abstract level: string;
  /** A logger whose every line also has `bindings`' fields. */
  abstract child(bindings: Record<string, unknown>): Logger;
  abstract fatal(fields: object, message?: string): void;
  abstract fatal(message: string): void;
  abstract error(fields: object, message?: string): void;
  abstract error(message: string): void;
  abstract warn(fields: object, message?: string): void;
  abstract warn(message: string): void;
  abstract info(fields: object, message?: string): void;
  abstract info(message: string): void;
  abstract debug(fields: object, message?: string): void;
  abstract debug(message: string): void;
  abstract trace(fields: object, message?: string): void;
  abstract trace(message: string): void;
}

/** What createApp({ logger }) takes as options: the level and whether lines are pretty-printed. */
export interface LoggerOptions {
  /** The least severe level written: `"info"` unless set. */
  readonly level?: LogLevel;
  /**
   * Lines pretty-printed by pino-pretty rather than JSON: unless set, where standard output is a terminal and
   * pino-pretty is installed.
   */
  readonly pretty?: boolean;
}

/** createApp's `logger`: `true` or options for pino, a logger of your own (a pino instance), or `false` for today's text lines. */
export type LoggerOption = boolean | LoggerOptions | Logger;

/** Whether `value` has pino's methods: a logger given as it is. */
export function isLogger(value: unknown): value is Logger {
  const candidate = value as Partial<Record<string, unknown>> | null;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    ["child", "info", "warn", "error", "debug"].every((method) => typeof candidate[method] === "function") &&
    typeof candidate.level === "string"
  );
}

/** A level as set, or a mistake worth stopping for. */
export function logLevel(value: unknown): LogLevel {
  if (value === undefined) return "info";
  if (typeof value === "string" && (LOG_LEVELS as readonly string[]).includes(value)) return value as LogLevel;
  throw new RangeError(`honest: createApp's logger.level must be one of ${LOG_LEVELS.join(", ")}; got ${JSON.stringify(value)}`);
}
