import { reasonPhrase } from "./status-code.js";

// RFC 9457 problem documents: every error answer honest gives has this shape.

const PROBLEM_CONTENT_TYPE = "application/problem+json";

export interface ProblemDocument {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly [extension: string]: unknown;
}

function problemDocument(status: number, detail: string, extensions?: Readonly<Record<string, unknown>>): ProblemDocument {
  // Extensions go first so they can never overwrite the standard members.
  return { ...extensions, type: "about:blank", title: reasonPhrase(status), status, detail };
}

export function problemResponse(
  status: number,
  detail: string,
  extensions?: Readonly<Record<string, unknown>>,
  headers?: Readonly<Record<string, string>>,
): Response {
  return new Response(JSON.stringify(problemDocument(status, detail, extensions)), {
    status,
    headers: { "content-type": PROBLEM_CONTENT_TYPE, ...headers },
  });
}
