import type { BodyFault } from "../errors/rendered-problem.js";
import type { ProblemDocument as ServerProblemDocument } from "../errors/problem.js";

// What a generated client's call resolves to (docs/guide/openapi-and-clients.md, "A client generated with the app"):
// the answer the route declares, or the error answer the app gives, told
// apart by `ok` as fetch's Response does. An error answer is a value, not a
// thrown error, so TypeScript makes the caller look at it; only what the
// types cannot describe (no answer, or an error answer that is not JSON) is
// thrown.

/** An RFC 9457 problem document, as honest sends every error answer by default; `errors` lists a body's faults. */
export interface ProblemDocument extends ServerProblemDocument {
  readonly errors?: readonly BodyFault[];
}

export type { BodyFault };

/** One answer a route declares: its status, and its body as the route's type (`undefined` without one). */
export interface Success {
  readonly status: number;
  readonly data: unknown;
}

/**
 * One error answer a route declares (docs/guide/errors.md, "Errors a route declares"): its status, and its problem as
 * the app sends it (a ProblemDocument, the error format's body for the status, `undefined` for one without a body).
 */
export interface Failure {
  readonly status: number;
  readonly problem: unknown;
}

/** The numbers from 0 to N - 1, as a union of literals. */
type Below<N extends number, Counted extends number[] = []> = Counted["length"] extends N
  ? Counted[number]
  : Below<N, [...Counted, Counted["length"]]>;

/** Every status an answer can have, 100 to 599: the statuses of the error answers a route does not declare are these but the declared ones. */
export type AnswerStatus = Exclude<Below<600>, Below<100>>;

/** What every error answer has besides its status and problem. */
interface Failed {
  readonly ok: false;
  readonly response: Response;
  /**
   * The seconds to wait before calling again, from a Retry-After header in seconds, as a `@RateLimit` route's 429
   * and a full server's 503 send it (docs/guide/rate-limits.md, "In the document and the client").
   */
  readonly retryAfter?: number;
}

/**
 * `Successes`: the route's answers; `P`: the app's error answers (ProblemDocument, or the app's error format);
 * `Failures`: the error answers the route declares, each with its own problem, so that `status === 404` narrows to it.
 */
export type Answer<Successes extends Success, P, Failures extends Failure = never> =
  | (Successes & { readonly ok: true; readonly response: Response })
  | (Failures & Failed)
  | ({
      readonly status: [Failures] extends [never] ? number : Exclude<AnswerStatus, Failures["status"]>;
      readonly problem: P;
    } & Failed);

/** An error answer whose body is not JSON (a proxy's HTML page, say): nothing the client's types describe. */
export class UnexpectedAnswer extends Error {
  readonly status: number;
  constructor(
    readonly response: Response,
    readonly text: string,
  ) {
    super(`${response.status} ${response.statusText}: the answer is not JSON (content-type ${response.headers.get("content-type")})`);
    this.name = "UnexpectedAnswer";
    this.status = response.status;
  }
}

/**
 * A successful answer whose body is not what the route declares, found by
 * the client's response checks (`createClient({ checks: responseChecks })`):
 * each fault names its path, as the server's 400s do.
 */
export class AnswerMismatch extends Error {
  readonly status: number;
  constructor(
    readonly request: Request,
    readonly response: Response,
    /** The body as read, for a look at what came. */
    readonly data: unknown,
    readonly faults: readonly BodyFault[],
  ) {
    const listed = faults.slice(0, 3).map((fault) => `${fault.path}: expected ${fault.expected}, got ${fault.got}`);
    const more = faults.length > 3 ? `; and ${faults.length - 3} more` : "";
    const path = new URL(request.url).pathname;
    super(
      `${request.method} ${path} answered ${response.status} with a body that does not match its declared type: ${listed.join("; ")}${more}`,
    );
    this.name = "AnswerMismatch";
    this.status = response.status;
  }
}
