import { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { reasonPhrase } from "../declarations/status-code.js";
import { type FailedCheck, failedCheckOf, refusalHeadersOf } from "./failed-check.js";
import { isHttpError } from "./http-error.js";
import { problemResponse } from "./problem.js";
import { type ErrorFormat, type ErrorFormatWriters, type FormattedAnswer, formattedAnswers } from "./error-format.js";
import type { BodyFault, Problem } from "./rendered-problem.js";
import type { AppLog } from "../telemetry/app-log.js";
import type { RequestIds } from "../telemetry/request-id.js";
import { nodeExchangeIn } from "../common/node-exchange.js";
import { requestIdOf } from "../telemetry/request-id.js";

export type { BodyFault, Problem };

// Every error answer an app gives goes through here: as an RFC 9457 problem
// document, or in the app's own format: a Response createApp({ renderError })
// returns for it (docs/guide/errors.md, "Errors in your own format"), or the
// body of the renderError entry for its status, written by the writer
// generated for the entry's type (error-format.ts).

/** Returns the Response to send instead of the problem document, or undefined to send the document. */
export type ErrorRenderer = (problem: Problem, c: Context) => Response | undefined | Promise<Response | undefined>;

export class ErrorAnswers {
  readonly #render: ErrorRenderer | undefined;
  /** renderError's entries by key (a status, or `default`), when it is an error format. */
  readonly #formatted: ReadonlyMap<string, FormattedAnswer> | undefined;
  /** Where faults are logged (telemetry/app-log.ts). */
  readonly #log: AppLog;
  /** The app's request ids, whose header every error answer carries; undefined with `requestId: false`. */
  readonly #ids: RequestIds | undefined;

  constructor(
    render: ErrorRenderer | ErrorFormat | undefined,
    writers: ErrorFormatWriters | undefined,
    log: AppLog,
    ids: RequestIds | undefined,
  ) {
    if (typeof render === "object" && render !== null) this.#formatted = formattedAnswers(render, writers);
    else this.#render = render;
    this.#log = log;
    this.#ids = ids;
  }

  /** The answer to a request refused with `status`. */
  refuse(
    c: Context,
    status: number,
    detail: string,
    check: FailedCheck,
    headers?: Readonly<Record<string, string>>,
  ): Response | Promise<Response> {
    return this.#answer(c, status, detail, check, {}, headers);
  }

  /** The status thrown() answers `error` with, before the app's error format: what a per-request component's close(end) is told. */
  statusOf(error: unknown): number {
    if (isHttpError(error) && error.status >= 400 && error.status <= 599) return error.status;
    return error instanceof HTTPException ? error.status : 500;
  }

  /** The answer to an error thrown while handling a request (by honest's checks, a handler, a resolver or a middleware). */
  thrown(c: Context, error: unknown): Response | Promise<Response> {
    if (isHttpError(error) && error.status >= 400 && error.status <= 599) {
      const detail = error.detail ?? reasonPhrase(error.status);
      return this.#answer(c, error.status, detail, failedCheckOf(error), error.extensions ?? {}, refusalHeadersOf(error));
    }
    if (error instanceof HTTPException) {
      // Hono's middleware refuse with these (bearerAuth's 401, bodyLimit's 413): keep their headers (WWW-Authenticate).
      const headers: Record<string, string> = {};
      error.res?.headers.forEach((value, name) => {
        if (name !== "content-type" && name !== "content-length") headers[name] = value;
      });
      return this.#answer(c, error.status, error.message || reasonPhrase(error.status), "middleware", {}, headers);
    }
    this.#log.error(`${c.req.method} ${c.req.path} failed with an unhandled error`, { err: error, reqId: requestIdOf(c) });
    return this.#answer(c, 500, "the server failed to complete the request", "server", {});
  }

  /** For a value thrown that is not an Error, which Hono passes to no error handler: answered from the request alone. */
  thrownValue(request: Request, env: unknown, thrown: unknown, path: string): Response | Promise<Response> {
    const c = new Context(request, { env });
    if (this.#ids !== undefined) {
      // On Node the request's id is on the answer's headers already; elsewhere it is read again from the request.
      const sent = nodeExchangeIn(env)?.outgoing?.getHeader(this.#ids.header);
      c.set("requestId", typeof sent === "string" ? sent : this.#ids.ofRequest(request));
    }
    this.#log.error(`${request.method} ${path} failed with a thrown value that is not an Error`, { err: thrown, reqId: requestIdOf(c) });
    return this.#answer(c, 500, "the server failed to complete the request", "server", {});
  }

  #answer(
    c: Context,
    status: number,
    detail: string,
    check: FailedCheck,
    extensions: Readonly<Record<string, unknown>>,
    answerHeaders?: Readonly<Record<string, string>>,
  ): Response | Promise<Response> {
    const requestId = requestIdOf(c);
    // The id's header on every error answer, whoever builds it: off Node, the route's entry never sees a fault's answer.
    const headers =
      requestId === undefined || this.#ids === undefined ? answerHeaders : { ...answerHeaders, [this.#ids.header]: requestId };
    const document = () => problemResponse(status, detail, extensions, headers, requestId);
    const formatted = this.#formatted && (this.#formatted.get(String(status)) ?? this.#formatted.get("default"));
    if (this.#render === undefined && formatted === undefined) return document();
    const errors = extensions.errors as readonly BodyFault[] | undefined;
    const problem: Problem = {
      status,
      title: reasonPhrase(status),
      detail,
      ...(requestId !== undefined && { requestId }),
      check,
      extensions,
      ...(errors ? { errors } : {}),
    };
    const failed = (error: unknown) => this.#renderFailed(error, document, requestId);
    let rendered: ReturnType<ErrorRenderer>;
    try {
      rendered = formatted ? formattedResponse(formatted, problem, c, headers) : this.#render!(problem, c);
    } catch (error) {
      return failed(error);
    }
    if (rendered instanceof Promise) return rendered.then((response) => (response ? withHeaders(response, headers) : document()), failed);
    return rendered ? withHeaders(rendered, headers) : document();
  }

  /** A renderError that fails must not take the answer with it: the problem document goes out, and the fault is logged. */
  #renderFailed(error: unknown, document: () => Response, reqId: string | undefined): Response {
    this.#log.error("renderError failed; sent the problem document instead", { err: error, reqId });
    return document();
  }
}

/**
 * A Response the app's renderError built, with the headers honest's answer would have had (Allow, Retry-After)
 * where it set none of its own: what they tell a client holds whatever the body's format.
 */
function withHeaders(response: Response, headers: Readonly<Record<string, string>> | undefined): Response {
  if (headers === undefined) return response;
  const missing = Object.entries(headers).filter(([name]) => !response.headers.has(name));
  if (missing.length === 0) return response;
  const copy = new Response(response.body, response);
  for (const [name, value] of missing) copy.headers.set(name, value);
  return copy;
}

/** The entry's body for `problem`, written by its generated writer, with the entry's status or the problem's. */
function formattedResponse(
  { entry, write, status }: FormattedAnswer,
  problem: Problem,
  c: Context,
  headers: Readonly<Record<string, string>> | undefined,
): Response | Promise<Response> {
  // An entry whose result is a bare status answers without a body, with the answer's headers (WWW-Authenticate).
  const respond = (value: unknown) =>
    write === null
      ? new Response(null, { status: status ?? problem.status, ...(headers && { headers }) })
      : new Response(write(value as never), {
          status: status ?? problem.status,
          headers: { "content-type": "application/json", ...headers },
        });
  const value = entry(problem, c);
  return value instanceof Promise ? value.then(respond) : respond(value);
}
