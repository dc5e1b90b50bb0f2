import type { Integer, Maximum, Minimum } from "./constraints.js";

// Paging declared on a route (docs/guide/pages.md, "Pages"): the query keys a
// page is asked for by, intersected with the route's own filter
// (`Query<ItemFilter & OffsetPaging>`), and the handler's answer, `Paged<T>`,
// which honest writes as the plain array of its items with RFC 8288 `Link`
// headers to the other pages. The transformer recognises them by the
// `@honest` tag on these declarations, not by name.

/**
 * Inside a `Query<T>`, intersected with the route's filter: a page asked for by `?limit=&offset=`. `limit` is at
 * most `Max` (100 unless given). Both keys are optional to the client: a request without `limit` gets the handler's
 * literal default (`{ limit = 20 }`), or else `Max`, and without `offset` the handler's default or 0, which honest
 * fills in, so the handler always has both (docs/guide/pages.md, "Offset paging").
 * @honest OffsetPaging
 */
export interface OffsetPaging<Max extends number = 100> {
  /** The most items the page holds. */
  limit: number & Integer & Minimum<1> & Maximum<Max>;
  /** How many items come before the page. */
  offset: number & Integer & Minimum<0>;
}

/**
 * Inside a `Query<T>`, intersected with the route's filter: a page asked for by `?limit=&cursor=`, the cursor the
 * previous page's `next` gave (none for the first page). `limit` is at most `Max` (100 unless given), optional to
 * the client and filled in as OffsetPaging's is (docs/guide/pages.md, "Cursor paging").
 * @honest CursorPaging
 */
export interface CursorPaging<Max extends number = 100> {
  /** The most items the page holds. */
  limit: number & Integer & Minimum<1> & Maximum<Max>;
  /** Where the page starts: the `next` (or `prev`) of the page before; absent for the first page. */
  cursor?: string;
}

/**
 * As a handler's result (`Promise<Paged<Item>>`), one page of a route whose `Query<T>` has OffsetPaging or
 * CursorPaging: the answer's body is `items`, a plain JSON array of `T`, and its `Link` header names the other pages
 * (`first`, `prev`, `next`, `last` where known), each URL the request's with only its paging keys changed
 * (docs/guide/pages.md, "Pages").
 * @honest Paged
 */
export type Paged<T> = {
  /** The page's items, written as the answer's body. */
  readonly items: readonly T[];
  /** How many items every page holds together, when known: sent as `X-Total-Count`, and, with offset paging, the `last` link. */
  readonly total?: number;
  /** Cursor paging: the cursor of the page after this one; absent on the last page. Offset paging computes its own. */
  readonly next?: string;
  /** Cursor paging: the cursor of the page before this one, where the handler knows it. */
  readonly prev?: string;
};
