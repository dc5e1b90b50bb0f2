import { Logger } from "./logger.js";

// pino is imported during the app's start (load-pino.ts), after createApp
// has built the components, whose constructors may already log: their lines
// wait here, in order, and are written once the logger has come.

type Method = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

class Waiting {
  readonly calls: ((target: Logger) => void)[] = [];
  target: Logger | undefined;
}

export class DeferredLogger extends Logger {
  readonly #waiting: Waiting;
  /** This logger's own, once the target has come: the target, or its child with this logger's bindings. */
  #resolved: Logger | undefined;
  readonly #parent: DeferredLogger | undefined;
  readonly #bindings: Record<string, unknown> | undefined;

  constructor(
    public level: string,
    parent?: DeferredLogger,
    bindings?: Record<string, unknown>,
  ) {
    super();
    this.#waiting = parent === undefined ? new Waiting() : parent.#waiting;
    this.#parent = parent;
    this.#bindings = bindings;
  }

  /** The logger lines go to once it has come: pino, say; undefined before. */
  get target(): Logger | undefined {
    return this.#waiting.target;
  }

  /** Writes every line that waited to `target`, and sends it every later one. */
  resolve(target: Logger): void {
    this.#waiting.target = target;
    for (const call of this.#waiting.calls.splice(0)) call(target);
  }

  #own(target: Logger): Logger {
    this.#resolved ??= this.#parent === undefined ? target : this.#parent.#own(target).child(this.#bindings ?? {});
    return this.#resolved;
  }

  #call(method: Method, args: readonly unknown[]): void {
    const run = (target: Logger) => (this.#own(target)[method] as (...values: unknown[]) => void)(...args);
    const target = this.#waiting.target;
    if (target === undefined) this.#waiting.calls.push(run);
    else run(target);
  }

  child(bindings: Record<string, unknown>): Logger {
    const target = this.#waiting.target;
    return target === undefined ? new DeferredLogger(this.level, this, bindings) : this.#own(target).child(bindings);
  }

  fatal(...args: [object | string, string?]): void {
    this.#call("fatal", args);
  }
  error(...args: [object | string, string?]): void {
    this.#call("error", args);
  }
  warn(...args: [object | string, string?]): void {
    this.#call("warn", args);
  }
  info(...args: [object | string, string?]): void {
    this.#call("info", args);
  }
  debug(...args: [object | string, string?]): void {
    this.#call("debug", args);
  }
  trace(...args: [object | string, string?]): void {
    this.#call("trace", args);
  }
}
