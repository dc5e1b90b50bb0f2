import type { StatusCode } from "../declarations/status-code.js";

// Recognised by a registered symbol rather than `instanceof`, so an HttpError
// thrown by the ESM copy of honest is still an HttpError to the CommonJS copy.
const brand = Symbol.for("honest.HttpError");

/**
 * Throw from a handler, or return it, to answer with `status` and a problem document whose `detail` is `detail`.
 * A handler declares the errors it answers with in its return type, `Promise<Json<Item> | HttpError<404>>`
 * (docs/guide/errors.md, "Errors a route declares"): `S` is the status, `X` the type of `extensions` (an object
 * type: an interface, a type literal).
 * @honest HttpError
 */
export class HttpError<S extends StatusCode = StatusCode, X extends object = Record<string, unknown>> extends Error {
  readonly status: S;
  readonly detail: string | undefined;
  /** Extra members for the problem document, such as `errors`. */
  readonly extensions: Readonly<X> | undefined;

  constructor(status: S, detail?: string, extensions?: X) {
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
