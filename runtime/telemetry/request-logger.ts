import { optionalStorage, type ScopeStorage } from "../injection/async-storage.js";
import { Logger } from "./logger.js";

// What `Inject<Logger>` gives a component or a controller: the app's logger,
// whose lines inside a request carry that request's `reqId`, read from the
// AsyncLocalStorage the request's entry opens (request-entry.ts). The storage
// is opened only in an app where something injects the logger, so that
// other apps pay nothing per request (docs/guide/logs-and-traces.md, "Logs").

type Method = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

/** The id of the request being handled, where the runtime has an AsyncLocalStorage and the app opens it. */
export interface RequestIdStorage {
  storage: ScopeStorage<string> | undefined;
}

let shared: ScopeStorage<string> | undefined;

/**
 * The one storage of request ids every app of the process opens: each AsyncLocalStorage created stays in every async
 * operation Node tracks from then on, so one per app would make each await of the process slower as apps are built
 * (a test suite builds thousands). Apps within apps still read their own request's id: the innermost run() wins.
 */
export function requestIdStorage(): ScopeStorage<string> | undefined {
  shared ??= optionalStorage<string>();
  return shared;
}

export class RequestLogger extends Logger {
  constructor(
    readonly base: Logger,
    /** Shared with the logger's children: decided once the app knows whether anything injects the logger. */
    readonly ids: RequestIdStorage = { storage: undefined },
  ) {
    super();
  }

  get level(): string {
    return this.base.level;
  }

  set level(level: string) {
    this.base.level = level;
  }

  child(bindings: Record<string, unknown>): Logger {
    return new RequestLogger(this.base.child(bindings), this.ids);
  }

  #write(method: Method, fieldsOrMessage: object | string, message?: string): void {
    const reqId = this.ids.storage?.getStore();
    const write = this.base[method] as (fields: object | string, message?: string) => void;
    if (reqId === undefined) {
      if (message === undefined) write.call(this.base, fieldsOrMessage);
      else write.call(this.base, fieldsOrMessage, message);
    } else if (typeof fieldsOrMessage === "string") write.call(this.base, { reqId }, fieldsOrMessage);
    else write.call(this.base, { reqId, ...fieldsOrMessage }, message);
  }

  fatal(fields: object | string, message?: string): void {
    this.#write("fatal", fields, message);
  }
  error(fields: object | string, message?: string): void {
    this.#write("error", fields, message);
  }
  warn(fields: object | string, message?: string): void {
    this.#write("warn", fields, message);
  }
  info(fields: object | string, message?: string): void {
    this.#write("info", fields, message);
  }
  debug(fields: object | string, message?: string): void {
    this.#write("debug", fields, message);
  }
  trace(fields: object | string, message?: string): void {
    this.#write("trace", fields, message);
  }
}
