import type { StatusCode } from "../declarations/status-code.js";

// Recognised by a registered symbol rather than `instanceof`, so an HttpError
// thrown by the ESM copy of honest is still an HttpError to the CommonJS copy.
const brand = Symbol.for("honest.HttpError");

/** Throw from a handler to answer with `status` and a problem document whose `detail` is `detail`. */
export class HttpError extends Error {
  readonly status: StatusCode;
  readonly detail: string | undefined;
  /** Extra members for the problem document, such as `errors`. */
  readonly extensions: Readonly<Record<string, unknown>> | undefined;

  constructor(status: StatusCode, detail?: string, extensions?: Record<string, unknown>) {
    super(detail ?? `HTTP ${status}`);
    this.name = "HttpError";
    this.status = status;
    this.detail = detail;
    this.extensions = extensions;
  }

  static {
    Object.defineProperty(HttpError.prototype, brand, { value: true });
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[brand] === true;
}
