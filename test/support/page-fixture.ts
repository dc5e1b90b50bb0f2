// An app of paged routes (docs/guide/pages.md, "Pages"), compiled by the
// transformer into test/.out/<name>: 25 rows with i64 ids beyond 2^53 (so the
// client reads them exactly), paged by offset with a total and a filter, by
// offset without a total, and by cursor (the cursor is the last id of the
// page, as text) with a `prev`, and `?q=odd` a cursor of characters a URL
// must escape; and a route that refuses its third page, so
// that a client's `all` meets a refusal. It imports nothing of Node's.

export const pageController = `
import { Controller, Get, HttpError, StatusCode } from "honest";
import type { CursorPaging, i64, OffsetPaging, Paged, Query } from "honest";

export interface Row {
  id: i64;
  name: string;
  tags: string[];
}

const BASE = 9007199254740992n; // 2^53

/** 25 rows: ids 2^53 + 1 .. 2^53 + 25; every third (3, 6, ...) tagged "red", every row "all". */
const ROWS: Row[] = Array.from({ length: 25 }, (_, index) => ({
  id: BASE + BigInt(index + 1),
  name: "row " + (index + 1),
  tags: (index + 1) % 3 === 0 ? ["all", "red"] : ["all"],
}));

export interface RowFilter {
  /** Only rows with this tag. */
  tag?: string;
}

/** Rows, paged by offset and by cursor. */
@Controller()
export class RowController {
  /** The rows by offset, 10 a page unless asked, with their total. */
  @Get("/rows")
  async list({ tag, limit = 10, offset }: Query<RowFilter & OffsetPaging<20>>): Promise<Paged<Row>> {
    const rows = tag === undefined ? ROWS : ROWS.filter((row) => row.tags.includes(tag));
    return { items: rows.slice(offset, offset + limit), total: rows.length };
  }

  /** The rows by offset without a total: a full page has a next one. */
  @Get("/rows/uncounted")
  async uncounted({ limit, offset }: Query<OffsetPaging<5>>): Promise<Paged<Row>> {
    return { items: ROWS.slice(offset, offset + limit) };
  }

  /** The rows after the cursor, the last id seen (none: from the first), with the cursor back. */
  @Get("/rows/after")
  async after({ limit = 8, cursor, q }: Query<{ q?: string } & CursorPaging>): Promise<Paged<Row>> {
    const start = cursor === undefined ? 0 : ROWS.findIndex((row) => String(row.id) === cursor) + 1;
    if (cursor !== undefined && start === 0) throw new HttpError(StatusCode.BAD_REQUEST, "no row " + cursor);
    const items = ROWS.slice(start, start + limit);
    const last = items.at(-1);
    return {
      items,
      ...(start + limit < ROWS.length && last && { next: String(last.id) }),
      // The page before starts after the row limit rows back; the first page is the first link's.
      ...(start - limit > 0 && { prev: String(ROWS[start - limit - 1]!.id) }),
      ...(q === "total" && { total: ROWS.length }),
      ...(q === "odd" && { next: "a b&c=d/é+%" }),
    };
  }

  /** A handler that breaks its type at run time: \`items\` is no array, or \`total\` no count. */
  @Get("/rows/broken")
  async broken({ how, limit, offset }: Query<{ how?: "items" | "total" } & OffsetPaging>): Promise<Paged<Row>> {
    if (how === "items") return { items: "row 1" as unknown as Row[] };
    return { items: ROWS.slice(offset, offset + limit), total: -1 };
  }

  /** Pages of 4 until the third, which is refused. */
  @Get("/rows/failing")
  async failing({ limit = 4, offset }: Query<OffsetPaging>): Promise<Paged<Row>> {
    if (offset >= 8) throw new HttpError(StatusCode.SERVICE_UNAVAILABLE, "the rows are resting");
    return { items: ROWS.slice(offset, offset + limit), total: ROWS.length };
  }
}
`;
