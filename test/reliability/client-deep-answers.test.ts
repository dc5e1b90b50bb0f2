import http from "node:http";
import type { AddressInfo } from "node:net";
import { AnswerMismatch, type AnswerShape, checkAnswer } from "honest/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Item, responseChecks } from "../golden/client/api.js";

// A server whose answer nests deeper than any real one: the generated
// client reads it as deep as JSON.parse does (which reads a million levels
// on Node 20), through its exact parser (an answer with an i64 beyond 2^53),
// its readers and its response checks, none of which may recurse once per
// level: each kept its own list instead. Before, all three overflowed the
// stack at 10 000 levels (docs/reference/limits.md, "The generated client").

const BIG = 9007199254740993n; // 2^53 + 1: only the exact parser keeps it

let server: http.Server;
let baseUrl: string;
let answer: string;
beforeAll(async () => {
  server = http.createServer((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(answer));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** An item whose parent is an item, `depth` items in all, the innermost with `last` as its members. */
function chain(depth: number, id: bigint, last = '"name":"n","tags":[],"price":1'): string {
  return `{"id":${id},"name":"n","tags":[],"price":1,"parent":`.repeat(depth - 1) + `{"id":${id},${last}}` + "}".repeat(depth - 1);
}

/** How many items deep the chain is, and whether each id is `id`, a bigint (without a recursive walk, or a matcher's). */
function depthOf(item: Item | undefined, id: bigint): number {
  let depth = 0;
  for (let at = item; at !== undefined; at = at.parent) {
    if (at.id !== id) throw new Error(`item ${depth} has id ${String(at.id)}`);
    depth++;
  }
  return depth;
}

describe.each([10_000, 100_000])("%i levels", (depth) => {
  it.each([
    ["beyond 2^53, read exactly", BIG],
    ["of a few digits, read by JSON.parse", 7n],
  ])("an item chain with ids %s: every level read, checks on or off, as JSON.parse reads it", async (_, id) => {
    answer = chain(depth, id);
    expect(() => JSON.parse(answer)).not.toThrow();
    for (const checks of [undefined, responseChecks]) {
      const got = await createClient({ baseUrl, checks }).item.get({ id });
      if (!got.ok) throw new Error(`not ok: ${got.status}`);
      expect(depthOf(got.data, id)).toBe(depth);
    }
  });

  it("a fault at the bottom is named by its path, whole", async () => {
    answer = chain(depth, BIG, '"name":5,"tags":[],"price":1');
    const error = await createClient({ baseUrl, checks: responseChecks })
      .item.get({ id: BIG })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AnswerMismatch);
    expect((error as AnswerMismatch).faults).toEqual([{ path: `$${".parent".repeat(depth - 1)}.name`, expected: "string", got: "5" }]);
  });

  it("nested arrays at a number position (read by readPlain): read, and refused by the checks as not a number", async () => {
    answer = `{"id":${BIG},"name":"n","tags":[],"price":${"[".repeat(depth)}12345678901234567${"]".repeat(depth)}}`;
    expect(() => JSON.parse(answer)).not.toThrow();
    const got = await createClient({ baseUrl }).item.get({ id: BIG });
    if (!got.ok) throw new Error(`not ok: ${got.status}`);
    let price: unknown = got.data.price;
    let levels = 0;
    for (; Array.isArray(price); levels++) price = price[0];
    // readPlain made the exact parser's bigint the number JSON.parse gives.
    expect([levels, price]).toEqual([depth, 12345678901234568]);
    const checked = createClient({ baseUrl, checks: responseChecks }).item.get({ id: BIG });
    await expect(checked).rejects.toMatchObject({
      name: "AnswerMismatch",
      faults: [{ path: "$.price", expected: "number", got: "array of 1 item" }],
    });
  });

  it("an unfinished answer is not JSON, as JSON.parse says", async () => {
    answer = `${'{"id":9007199254740993,"parent":'.repeat(depth)}`;
    expect(() => JSON.parse(answer)).toThrow(SyntaxError);
    await expect(createClient({ baseUrl }).item.get({ id: BIG })).rejects.toThrow(
      new SyntaxError(`the answer is not JSON: unexpected text at position ${answer.length}`),
    );
  });

  it("a recursive union (`type List = { next: List } | null`) is checked at every level", () => {
    const List: AnswerShape = { anyOf: [{ properties: [["next", () => List]] }, "null"], expected: "object or null" };
    const check = (data: unknown) => checkAnswer({ request: new Request("http://localhost/list"), response: new Response(), data }, List);
    expect(() => check(JSON.parse(`${'{"next":'.repeat(depth)}null${"}".repeat(depth)}`))).not.toThrow();
    const error = (() => {
      try {
        check(JSON.parse(`${'{"next":'.repeat(depth)}5${"}".repeat(depth)}`));
      } catch (caught) {
        return caught;
      }
    })();
    expect((error as AnswerMismatch).faults).toEqual([{ path: `$${".next".repeat(depth)}`, expected: "object or null", got: "5" }]);
  });
});
