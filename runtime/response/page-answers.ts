import type { Context } from "hono";
import type { JsonWriter } from "./responses.js";

// A `Paged<T>` route's answer (docs/guide/pages.md, "Pages"): the page's
// items as the body, a plain JSON array written by the writer of `T[]`, and
// an RFC 8288 `Link` header naming the other pages, as GitHub's API pages:
//
//   Link: </items?tag=usb&limit=10&offset=0>; rel="first", </items?tag=usb&limit=10&offset=10>; rel="prev",
//         </items?tag=usb&limit=10&offset=30>; rel="next", </items?tag=usb&limit=10&offset=90>; rel="last"
//
// Each target is a reference relative to the request's own URL (its path and
// query, RFC 8288 §3.2), so that a proxy in front of the app, which knows the
// scheme and host the client used, need not rewrite it; the request's other
// query keys are kept as the client sent them, byte for byte, in their order,
// and the paging keys follow.

/** How a route pages: by `?limit=&offset=` (OffsetPaging) or `?limit=&cursor=` (CursorPaging). */
export type PagingKind = "offset" | "cursor";

/** The query the handler was given: the paging keys, filled by the reader with their defaults. */
interface PagingQuery {
  readonly limit?: unknown;
  readonly offset?: unknown;
  readonly cursor?: unknown;
}

/** A relation of the Link header, and the values its target gives the paging keys (`cursor` undefined: left out). */
type PageLink = readonly [rel: string, values: Readonly<Record<string, string | undefined>>];

const KEYS: Readonly<Record<PagingKind, readonly string[]>> = { offset: ["limit", "offset"], cursor: ["limit", "cursor"] };

/** The answer to a paged route: the items, with `Link` and, when the handler gave a total, `X-Total-Count`. */
export function sendPage(c: Context, result: unknown, write: JsonWriter, kind: PagingKind, query: PagingQuery): Response {
  const page = pageOf(result);
  const links = kind === "offset" ? offsetLinks(page, query) : cursorLinks(page, query);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (links.length > 0) headers.link = linkHeader(c.req.url, KEYS[kind], links);
  if (page.total !== undefined) headers["x-total-count"] = String(page.total);
  return c.body(write(page.items), 200, headers);
}

interface Page {
  readonly items: readonly unknown[];
  readonly total?: number;
  readonly next?: string;
  readonly prev?: string;
}

/** The handler's result, as its type promises it: a TypeError (a 500) otherwise, as sendResponse does. */
function pageOf(result: unknown): Page {
  const page = result as Partial<Page> | null | undefined;
  if (typeof page !== "object" || page === null || Array.isArray(page)) {
    throw new TypeError(`honest: the handler returned ${describe(result)} where its return type promises a Paged<T> ({ items: T[] })`);
  }
  if (!Array.isArray(page.items)) {
    throw new TypeError(`honest: the handler's Paged<T> has items that are ${describe(page.items)}, not an array`);
  }
  if (page.total !== undefined && !(Number.isSafeInteger(page.total) && page.total >= 0)) {
    throw new TypeError(`honest: the handler's Paged<T> has total ${String(page.total)}, which is no count of items`);
  }
  for (const key of ["next", "prev"] as const) {
    if (page[key] !== undefined && typeof page[key] !== "string") {
      throw new TypeError(`honest: the handler's Paged<T> has a ${key} that is ${describe(page[key])}, not a cursor string`);
    }
  }
  return page as Page;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * Offset paging (docs/guide/pages.md, "Offset paging"): `first` and `prev` after the first page; `next` while
 * `total` says more items follow, or, without a total, after a full page; `last` when the total is known. Pages
 * step by `limit` from the request's offset.
 */
function offsetLinks(page: Page, query: PagingQuery): PageLink[] {
  const limit = Number(query.limit);
  const offset = Number(query.offset ?? 0);
  const at = (value: number) => ({ limit: String(limit), offset: String(value) });
  const links: PageLink[] = [];
  if (offset > 0) links.push(["first", at(0)], ["prev", at(Math.max(0, offset - limit))]);
  const more = page.total === undefined ? page.items.length >= limit : offset + limit < page.total;
  if (more) {
    links.push(["next", at(offset + limit)]);
    if (page.total !== undefined) links.push(["last", at(offset + Math.floor((page.total - 1 - offset) / limit) * limit)]);
  }
  return links;
}

/** Cursor paging (docs/guide/pages.md, "Cursor paging"): `first` (no cursor) after the first page, `prev` and `next` where the handler gave them. */
function cursorLinks(page: Page, query: PagingQuery): PageLink[] {
  const limit = String(query.limit);
  const links: PageLink[] = [];
  if (query.cursor !== undefined) links.push(["first", { limit, cursor: undefined }]);
  if (page.prev !== undefined) links.push(["prev", { limit, cursor: page.prev }]);
  if (page.next !== undefined) links.push(["next", { limit, cursor: page.next }]);
  return links;
}

/** `<target>; rel="next", ...`: each target the request's path and query, the paging keys replaced. */
function linkHeader(url: string, keys: readonly string[], links: readonly PageLink[]): string {
  const { path, pairs } = requestParts(url, keys);
  return links
    .map(([rel, values]) => {
      const paging = keys.flatMap((key) => (values[key] === undefined ? [] : [`${key}=${encodeURIComponent(values[key])}`]));
      return `<${path}?${[...pairs, ...paging].join("&")}>; rel="${rel}"`;
    })
    .join(", ");
}

/** The request's path, and its query's pairs as sent, those that name a paging key left out. */
function requestParts(url: string, keys: readonly string[]): { path: string; pairs: string[] } {
  const parsed = new URL(url);
  const mark = url.indexOf("?");
  const search = mark === -1 ? "" : url.slice(mark + 1).split("#", 1)[0]!;
  const pairs = search.split("&").filter((pair) => pair !== "" && !keys.includes(nameOf(pair)));
  return { path: parsed.pathname, pairs };
}

/** A pair's name, decoded as the query reader decodes it (docs/guide/query-headers-cookies.md, "Query strings"); a broken one names no key. */
function nameOf(pair: string): string {
  const equals = pair.indexOf("=");
  const name = (equals === -1 ? pair : pair.slice(0, equals)).replace(/\+/g, " ");
  try {
    return decodeURIComponent(name);
  } catch {
    return pair;
  }
}
