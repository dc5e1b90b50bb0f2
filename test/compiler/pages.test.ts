import type { Hono } from "hono";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { compileFixture } from "../support/compile.js";
import { problemOf } from "../support/example.js";
import { serveDuringBlock } from "../support/http.js";
import { pageController } from "../support/page-fixture.js";

// docs/guide/pages.md, "Pages": a Paged<T> route answers its items as a plain JSON array, with an RFC 8288 Link
// header naming the other pages (each the request's path and query, its paging keys changed, its other keys kept
// as sent) and X-Total-Count when the handler counts; the query's limit and offset are filled with their defaults.

const BASE = 9007199254740992n; // 2^53: the fixture's row n has id 2^53 + n

let app: Hono;

beforeAll(async () => {
  const compiled = compileFixture("pages", {
    "src/row.controller.ts": pageController,
    "src/app.ts": 'import { createApp } from "honest";\nexport const app = createApp({ log: false });\n',
  });
  expect(compiled.diagnostics).toEqual([]);
  ({ app } = await compiled.load<{ app: Hono }>("src/app.ts"));
});

/** The answer's status, Link and X-Total-Count, and the row numbers of its body (read exactly: ids pass 2^53). */
async function page(url: string, init?: RequestInit) {
  const response = await app.request(url, init);
  const text = await response.text();
  const rows = text === "" ? undefined : [...text.matchAll(/"id":(\d+)/g)].map(([, id]) => Number(BigInt(id!) - BASE));
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    link: response.headers.get("link"),
    total: response.headers.get("x-total-count"),
    rows,
    text,
  };
}

/** 1..n, the row numbers of a run. */
const run = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe("offset paging", () => {
  it("answers the items as a plain array, with first, prev, next and last links and the total", async () => {
    expect(await page("/rows?offset=10")).toMatchObject({
      status: 200,
      type: "application/json",
      link:
        '</rows?limit=10&offset=0>; rel="first", </rows?limit=10&offset=0>; rel="prev", ' +
        '</rows?limit=10&offset=20>; rel="next", </rows?limit=10&offset=20>; rel="last"',
      total: "25",
      rows: run(11, 20),
    });
    const { text } = await page("/rows?limit=1");
    expect(text).toBe('[{"id":9007199254740993,"name":"row 1","tags":["all"]}]');
  });

  it("gives the first page no first or prev link, and the last no next or last", async () => {
    expect(await page("/rows")).toMatchObject({
      link: '</rows?limit=10&offset=10>; rel="next", </rows?limit=10&offset=20>; rel="last"',
      rows: run(1, 10),
    });
    expect(await page("/rows?offset=20")).toMatchObject({
      link: '</rows?limit=10&offset=0>; rel="first", </rows?limit=10&offset=10>; rel="prev"',
      rows: run(21, 25),
    });
    // Past the end: an empty page, whose prev is a page of the run.
    expect(await page("/rows?offset=40")).toMatchObject({
      link: '</rows?limit=10&offset=0>; rel="first", </rows?limit=10&offset=30>; rel="prev"',
      rows: [],
      total: "25",
    });
  });

  it("steps by limit from the request's offset, and puts the last page on that grid", async () => {
    expect((await page("/rows?limit=4&offset=2")).link).toBe(
      '</rows?limit=4&offset=0>; rel="first", </rows?limit=4&offset=0>; rel="prev", ' +
        '</rows?limit=4&offset=6>; rel="next", </rows?limit=4&offset=22>; rel="last"',
    );
  });

  it("keeps the request's other query keys as sent, in their order, and replaces the paging keys however spelled", async () => {
    const sent = await page("/rows?tag=red&note=%C3%A9t%C3%A9+%26+co&limit=2&flag&off%73et=2");
    expect(sent).toMatchObject({ total: "8", rows: [9, 12] });
    expect(sent.link).toBe(
      '</rows?tag=red&note=%C3%A9t%C3%A9+%26+co&flag&limit=2&offset=0>; rel="first", ' +
        '</rows?tag=red&note=%C3%A9t%C3%A9+%26+co&flag&limit=2&offset=0>; rel="prev", ' +
        '</rows?tag=red&note=%C3%A9t%C3%A9+%26+co&flag&limit=2&offset=4>; rel="next", ' +
        '</rows?tag=red&note=%C3%A9t%C3%A9+%26+co&flag&limit=2&offset=6>; rel="last"',
    );
  });

  it("fills limit with the handler's default, else the paging's Max, and offset with 0", async () => {
    expect((await page("/rows")).rows).toHaveLength(10);
    // OffsetPaging<5> and no default in the handler: pages of 5.
    expect(await page("/rows/uncounted")).toMatchObject({
      link: '</rows/uncounted?limit=5&offset=5>; rel="next"',
      rows: run(1, 5),
    });
  });

  it("without a total, links a next page after a full page only, and sends no last or X-Total-Count", async () => {
    expect(await page("/rows/uncounted?offset=20")).toMatchObject({
      link: '</rows/uncounted?limit=5&offset=0>; rel="first", </rows/uncounted?limit=5&offset=15>; rel="prev", </rows/uncounted?limit=5&offset=25>; rel="next"',
      total: null,
      rows: run(21, 25),
    });
    expect(await page("/rows/uncounted?offset=22&limit=4")).toMatchObject({
      link: '</rows/uncounted?limit=4&offset=0>; rel="first", </rows/uncounted?limit=4&offset=18>; rel="prev"',
      rows: run(23, 25),
    });
    // The first page, when it is also the last, has no link at all.
    expect(await page("/rows/uncounted?offset=0&limit=5&tag=x")).toMatchObject({
      link: '</rows/uncounted?tag=x&limit=5&offset=5>; rel="next"',
    });
    expect((await page("/rows/uncounted?offset=25")).link).toBe(
      '</rows/uncounted?limit=5&offset=0>; rel="first", </rows/uncounted?limit=5&offset=20>; rel="prev"',
    );
  });

  it("refuses a limit beyond Max, or below 1, as a 400 naming query.limit, and the handler is not called", async () => {
    const response = await app.request("/rows?limit=21&offset=-1");
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toEqual([
      { path: "query.limit", expected: "number at most 20", got: "21" },
      { path: "query.offset", expected: "number at least 0", got: "-1" },
    ]);
  });

  it("answers HEAD with the links and no body", async () => {
    expect(await page("/rows?offset=10", { method: "HEAD" })).toMatchObject({
      status: 200,
      link: expect.stringContaining('</rows?limit=10&offset=20>; rel="next"'),
      total: "25",
      text: "",
    });
  });
});

describe("a handler that breaks its type", () => {
  it("is a 500 problem, its fault logged, whether items is no array or total no count", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const how of ["items", "total"]) {
        const response = await app.request(`/rows/broken?how=${how}`);
        expect(response.status).toBe(500);
        expect(await problemOf(response)).toMatchObject({ status: 500, detail: "the server failed to complete the request" });
      }
      const faults = logged.mock.calls.map((call) => (call.find((part) => part instanceof Error) as Error | undefined)?.message);
      expect(faults).toEqual([
        "honest: the handler's Paged<T> has items that are a string, not an array",
        "honest: the handler's Paged<T> has total -1, which is no count of items",
      ]);
    } finally {
      logged.mockRestore();
    }
  });
});

describe("cursor paging", () => {
  it("links next (and prev) with the cursors the handler gave, and first without a cursor", async () => {
    expect(await page("/rows/after")).toMatchObject({
      link: `</rows/after?limit=8&cursor=${BASE + 8n}>; rel="next"`,
      total: null,
      rows: run(1, 8),
    });
    expect(await page(`/rows/after?cursor=${BASE + 16n}&limit=8&q=total`)).toMatchObject({
      link:
        `</rows/after?q=total&limit=8>; rel="first", </rows/after?q=total&limit=8&cursor=${BASE + 8n}>; rel="prev", ` +
        `</rows/after?q=total&limit=8&cursor=${BASE + 24n}>; rel="next"`,
      total: "25",
      rows: run(17, 24),
    });
    expect((await page(`/rows/after?cursor=${BASE + 24n}`)).link).toBe(
      `</rows/after?limit=8>; rel="first", </rows/after?limit=8&cursor=${BASE + 16n}>; rel="prev"`,
    );
  });

  it("percent-encodes a cursor, which the query reader gives back exactly", async () => {
    const { link } = await page("/rows/after?q=odd");
    expect(link).toBe('</rows/after?q=odd&limit=8&cursor=a%20b%26c%3Dd%2F%C3%A9%2B%25>; rel="next"');
    const next = link!.slice(1, link!.indexOf(">"));
    const refused = await app.request(next);
    expect(refused.status).toBe(400);
    expect((await problemOf(refused)).detail).toBe("no row a b&c=d/é+%");
  });
});

describe("over a socket, through honest's serve", () => {
  const server = serveDuringBlock(() => app);

  it("sends the Link header's bytes as app.request gives them", async () => {
    const response = await fetch(`${server.base()}/rows?tag=red&limit=3&offset=3`);
    expect(response.headers.get("link")).toBe(
      '</rows?tag=red&limit=3&offset=0>; rel="first", </rows?tag=red&limit=3&offset=0>; rel="prev", ' +
        '</rows?tag=red&limit=3&offset=6>; rel="next", </rows?tag=red&limit=3&offset=6>; rel="last"',
    );
    expect([response.headers.get("x-total-count"), (await response.json()).length]).toEqual(["8", 3]);
  });
});
