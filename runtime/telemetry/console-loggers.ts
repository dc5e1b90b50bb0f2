import { LEVEL_NUMBERS, type LogLevel, Logger } from "./logger.js";

// The loggers honest builds itself, both through `console`: JSON lines with
// pino's fields where pino does not run (Cloudflare Workers, whose console is
// its log), and text lines where no logger was asked for, as honest wrote
// before it had one (docs/guide/logs-and-traces.md, "Logs").

type Fields = Record<string, unknown>;

/** pino's `err` fields for an error: its type, message and stack (pino.stdSerializers.err). */
export function errorFields(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return { type: error.constructor?.name ?? error.name, message: error.message, stack: error.stack };
}

abstract class ConsoleLogger extends Logger {
  readonly #threshold: number;
  protected readonly bindings: Fields;

  constructor(
    public level: LogLevel,
    bindings: Fields,
  ) {
    super();
    this.#threshold = LEVEL_NUMBERS[level];
    this.bindings = bindings;
  }

  protected abstract write(level: LogLevel, fields: Fields, message: string | undefined): void;

  #log(level: LogLevel, fieldsOrMessage: object | string, message?: string): void {
    if (LEVEL_NUMBERS[level] < this.#threshold) return;
    if (typeof fieldsOrMessage === "string") this.write(level, {}, fieldsOrMessage);
    else this.write(level, fieldsOrMessage as Fields, message);
  }

  fatal(fields: object | string, message?: string): void {
    this.#log("fatal", fields, message);
  }
  error(fields: object | string, message?: string): void {
    this.#log("error", fields, message);
  }
  warn(fields: object | string, message?: string): void {
    this.#log("warn", fields, message);
  }
  info(fields: object | string, message?: string): void {
    this.#log("info", fields, message);
  }
  debug(fields: object | string, message?: string): void {
    this.#log("debug", fields, message);
  }
  trace(fields: object | string, message?: string): void {
    this.#log("trace", fields, message);
  }
}

/** pino's line through `console.log`: `{"level":30,"time":…,"reqId":…,"msg":…}`, `err` as pino serializes it. */
export class ConsoleJsonLogger extends ConsoleLogger {
  constructor(level: LogLevel, bindings: Fields = {}) {
    super(level, bindings);
  }

  child(bindings: Fields): Logger {
    return new ConsoleJsonLogger(this.level, { ...this.bindings, ...bindings });
  }

  protected write(level: LogLevel, fields: Fields, message: string | undefined): void {
    const line: Fields = { level: LEVEL_NUMBERS[level], time: Date.now(), ...this.bindings, ...fields };
    if ("err" in line) line.err = errorFields(line.err);
    if (message !== undefined) line.msg = message;
    console.log(JSON.stringify(line, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value)));
  }
}

/**
 * Text lines, what `Inject<Logger>` writes where createApp has no `logger`: the message, then its fields (an `err`
 * as the error itself, whose stack the console prints); errors and warnings on standard error, the rest on standard
 * output.
 */
export class ConsoleTextLogger extends ConsoleLogger {
  constructor(level: LogLevel = "info", bindings: Fields = {}) {
    super(level, bindings);
  }

  child(bindings: Fields): Logger {
    return new ConsoleTextLogger(this.level as LogLevel, { ...this.bindings, ...bindings });
  }

  protected write(level: LogLevel, fields: Fields, message: string | undefined): void {
    const { err, ...rest } = { ...this.bindings, ...fields };
    const text = [level, message].filter((part) => part !== undefined).join(": ");
    const extra = Object.keys(rest).length > 0 ? [rest] : [];
    const args = err === undefined ? [text, ...extra] : [text, ...extra, err];
    if (LEVEL_NUMBERS[level] >= LEVEL_NUMBERS.warn) console.error(...args);
    else console.log(...args);
  }
}
