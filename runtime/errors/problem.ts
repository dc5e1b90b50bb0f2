import { reasonPhrase } from "../declarations/status-code.js";

// RFC 9457 problem documents: every error answer honest gives has this shape.

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export interface ProblemDocument {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  /** The request's id, as in its X-Request-Id header and its log lines (docs/guide/logs-and-traces.md, "Request ids"). */
  readonly requestId?: string;
  readonly [extension: string]: unknown;
}

const STANDARD_MEMBERS = new Set(["type", "title", "status", "detail", "requestId"]);

/** The document for `status`: the standard members, the request's id if it has one, then the extensions. */
export function problemDocument(
  status: number,
  detail: string,
  extensions?: Readonly<Record<string, unknown>>,
  requestId?: string,
): ProblemDocument {
  const document: Record<string, unknown> = { type: "about:blank", title: reasonPhrase(status), status, detail };
  if (requestId !== undefined) document.requestId = requestId;
  // Extensions follow the standard members and can never overwrite them.
  for (const [name, value] of Object.entries(extensions ?? {})) if (!STANDARD_MEMBERS.has(name)) document[name] = value;
  return document as unknown as ProblemDocument;
}

/** The document as JSON text, for answers written straight to a socket. */
export function problemText(status: number, detail: string, requestId?: string): string {
  return JSON.stringify(problemDocument(status, detail, undefined, requestId));
}

export function problemResponse(
  status: number,
  detail: string,
  extensions?: Readonly<Record<string, unknown>>,
  headers?: Readonly<Record<string, string>>,
  requestId?: string,
): Response {
  return new Response(JSON.stringify(problemDocument(status, detail, extensions, requestId)), {
    status,
    headers: { "content-type": PROBLEM_CONTENT_TYPE, ...headers },
  });
}
