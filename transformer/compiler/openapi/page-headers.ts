import type { PagingModel } from "../model.js";
import type { Schema } from "./schema.js";

// The headers of a `Paged<T>` route's answer in the document (docs/guide/pages.md, "In the document"):
// `Link` (RFC 8288) with the relations honest writes for its paging, and `X-Total-Count`.

export function pageHeaders(paging: PagingModel): Schema {
  const relations =
    paging.kind === "offset"
      ? "`first` and `prev` after the first page, `next` while more items follow, `last` when the total is known"
      : "`first` after the first page, `prev` and `next` where the handler gives their cursors";
  const keys = paging.kind === "offset" ? "`limit` and `offset`" : "`limit` and `cursor`";
  return {
    Link: {
      description:
        `RFC 8288 links to the other pages (${relations}): each target is this request's path and query, ` +
        `${keys} changed, as in </items?limit=20&offset=40>; rel="next".`,
      schema: { type: "string" },
    },
    "X-Total-Count": {
      description: "How many items every page holds together, when the handler counts them.",
      schema: { type: "integer", minimum: 0 },
    },
  };
}
