import type { Answer } from "./answers.js";
import type { CallOptions } from "./client-calls.js";

// A paged route in a generated client (docs/guide/pages.md, "In the client"):
// its function answers one page, as any route's does, and its `all` is an
// async generator of every item of every page, which asks for the first
// page with the call's input, then follows each answer's
// `Link: <...>; rel="next"` until an answer has none. The next request is
// the route's own path with the link's query, so a `baseUrl` with a path of
// its own (`https://example.com/api`) is kept, whatever path the app behind
// a proxy sees. A page refused (a 4xx or 5xx) rejects the loop with
// PageFailed.

/** A page's answer: the route's own, whose `data` is the page's items. */
type PageSuccess = { readonly status: number; readonly data: readonly unknown[] };

/** One call of the route: `search` (`?limit=20&offset=20`) in place of the input's query, for the pages after the first. */
export type PageCall<I, S extends PageSuccess, P> = (input: I, options: CallOptions | undefined, search?: string) => Promise<Answer<S, P>>;

/** A paged route's function: one page, and `all`, every item of every page. */
export type PagedRoute<I, S extends PageSuccess, P> = ((input: I, options?: CallOptions) => Promise<Answer<S, P>>) & {
  readonly all: (input: I, options?: CallOptions) => AsyncGenerator<S["data"][number], void, undefined>;
};

/** A page answered with an error, while `all` was following the pages: its status, problem and response. */
export class PageFailed<P = unknown> extends Error {
  readonly status: number;
  readonly problem: P;
  readonly response: Response;
  constructor(answer: { readonly status: number; readonly problem: P; readonly response: Response }) {
    super(`a page answered ${answer.status}: ${describe(answer.problem)}`);
    this.name = "PageFailed";
    this.status = answer.status;
    this.problem = answer.problem;
    this.response = answer.response;
  }
}

function describe(problem: unknown): string {
  const { title, detail } = (problem ?? {}) as { title?: unknown; detail?: unknown };
  return [title, detail].filter((part) => typeof part === "string").join(": ") || "no problem document";
}

/** The route's function, given its call; the generated client wraps each paged route's call in it. */
export function pagedRoute<I, S extends PageSuccess, P>(call: PageCall<I, S, P>): PagedRoute<I, S, P> {
  const page = (input: I, options?: CallOptions) => call(input, options);
  return Object.assign(page, { all: (input: I, options?: CallOptions) => everyItem(call, input, options) });
}

async function* everyItem<I, S extends PageSuccess, P>(
  call: PageCall<I, S, P>,
  input: I,
  options: CallOptions | undefined,
): AsyncGenerator<S["data"][number], void, undefined> {
  // A server whose next page links back to one already read would loop forever: each query is followed once.
  const followed = new Set<string>();
  let search: string | undefined;
  for (;;) {
    const answer = await call(input, options, search);
    if (!answer.ok) throw new PageFailed<P>(answer);
    for (const item of answer.data as readonly S["data"][number][]) yield item;
    const next = linkTarget(answer.response.headers.get("link"), "next");
    if (next === undefined) return;
    search = new URL(next, "http://localhost/").search;
    if (followed.has(search)) return;
    followed.add(search);
  }
}

/**
 * The target of the first link with relation `rel` in an RFC 8288 Link header (`<url>; rel="next", ...`): the rel
 * parameter quoted or not, one of several space-separated relations, in any case.
 */
export function linkTarget(header: string | null, rel: string): string | undefined {
  if (header === null) return undefined;
  for (const [, target, parameters] of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,=\s]+(?:\s*=\s*(?:"[^"]*"|[^;,\s]*))?)*)/g)) {
    for (const [, name, quoted, bare] of parameters!.matchAll(/;\s*([^;,=\s]+)\s*(?:=\s*(?:"([^"]*)"|([^;,\s]*)))?/g)) {
      if (name!.toLowerCase() !== "rel") continue;
      const relations = (quoted ?? bare ?? "").toLowerCase().split(/\s+/);
      if (relations.includes(rel)) return target;
    }
  }
  return undefined;
}
