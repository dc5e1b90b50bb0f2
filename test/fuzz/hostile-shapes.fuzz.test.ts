import fc from "fast-check";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { hostileApp } from "../support/hostile-fixture.js";

// Part of `npm run fuzz` and `npm test`: bodies for the shapes that once
// cost exponential or quadratic time (docs/guide/constraints.md, "Constraints" and "JSON
// bodies and responses"), sent in process to the hostile fixture app, and
// each answer compared with a plain reading of the type written here:
// - recursive unions without a discriminant (`NA | NB`, `LateA | LateB`)
//   nested up to 250 levels, members chosen at random, keys in any order,
//   with a fault (a wrong value, a missing key, an extra key) at a random
//   level or none: a valid body is a 200 with its depth, an invalid one a
//   400 whose faults are at paths the body has;
// - a string with `MaxLength<20> & Pattern<"\\d+x">` in a body and in the
//   query string, of digits, `x`s and noise from empty to 100 000
//   characters: accepted exactly when within 20 characters and matching,
//   refused with the length fault alone past 20.
// No answer is a 5xx, and each run must finish within the test's time: an
// exponential check at these depths would not.
// FUZZ_SEED and FUZZ_RUNS as in example.fuzz.test.ts.

const RUNS = Number(process.env.FUZZ_RUNS || 300);
const SEED = Number(process.env.FUZZ_SEED || 20_261_125);

let app: Hono;
beforeAll(async () => {
  app = await hostileApp();
});

type Level = { member: "a" | "b"; fault?: "wrong" | "missing" | "extra" };

/** A chain of levels, outermost first, written as JSON with each level's keys in the given order. */
function chainText(levels: readonly Level[], orders: readonly boolean[]): string {
  let text = "";
  for (let index = levels.length - 1; index >= 0; index--) {
    const { member, fault } = levels[index]!;
    const own = member === "a" ? (fault === "wrong" ? '"a":7' : '"a":"x"') : fault === "wrong" ? '"b":"7"' : '"b":7';
    const keys = [...(fault === "missing" ? [] : [own]), ...(fault === "extra" ? ['"zz":[1,{"q":null}]'] : [])];
    if (text !== "") keys[orders[index] ? "unshift" : "push"](`"next":${text}`);
    text = `{${keys.join(",")}}`;
  }
  return text;
}

/** NA | NB as the types say: an object with a string `a` or a number `b`, and a valid `next` if any. */
function validChain(value: unknown): boolean {
  for (let at = value; at !== undefined; at = (at as { next?: unknown }).next) {
    if (typeof at !== "object" || at === null || Array.isArray(at)) return false;
    const { a, b } = at as { a?: unknown; b?: unknown };
    if (typeof a !== "string" && typeof b !== "number") return false;
  }
  return true;
}

const level: fc.Arbitrary<Level> = fc.record(
  {
    member: fc.constantFrom("a", "b"),
    fault: fc.oneof(
      { weight: 30, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom("wrong", "missing", "extra") },
    ),
  },
  { requiredKeys: ["member"] },
) as fc.Arbitrary<Level>;

const chain = fc
  .integer({ min: 1, max: 250 })
  .chain((depth) =>
    fc.tuple(fc.array(level, { minLength: depth, maxLength: depth }), fc.array(fc.boolean(), { minLength: depth, maxLength: depth })),
  );

async function post(path: string, body: string): Promise<{ status: number; body: any }> {
  const response = await app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body });
  return { status: response.status, body: response.status === 204 ? undefined : await response.json() };
}

describe("recursive unions without a discriminant", () => {
  it.each(["/chain", "/late"])(
    "%s: valid bodies are accepted whole, invalid ones refused at paths they have",
    { timeout: 120_000 },
    async (route) => {
      await fc.assert(
        fc.asyncProperty(chain, async ([levels, orders]) => {
          const text = chainText(levels, orders);
          const value = JSON.parse(text);
          const answer = await post(route, text);
          expect(answer.status).toBeLessThan(500);
          // LateA | LateB have the same members as NA | NB, their keys declared in the other order.
          if (validChain(value)) {
            expect(answer).toEqual({ status: 200, body: { depth: levels.length } });
          } else {
            expect(answer.status).toBe(400);
            for (const fault of answer.body.errors) expect(fault.path).toMatch(/^\$(\.next)*\.(a|b|next)$|^\$(\.next)*$/);
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
  );
});

const guardedText = fc.oneof(
  fc.stringMatching(/^[0-9x]{0,24}$/),
  fc.string({ maxLength: 24 }),
  fc.tuple(fc.integer({ min: 21, max: 100_000 }), fc.constantFrom("1", "x", "é")).map(([length, unit]) => unit.repeat(length)),
);

const codePoints = (text: string) => [...text].length;

describe("a Pattern behind a MaxLength", () => {
  it("accepts a value exactly when it is within the bound and matches, and past the bound reports the bound alone", {
    timeout: 120_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(guardedText, async (guarded) => {
        const answer = await post("/guarded", JSON.stringify({ guarded }));
        const within = codePoints(guarded) <= 20;
        if (within && /\d+x/u.test(guarded)) {
          expect(answer.status).toBe(204);
        } else {
          expect(answer.status).toBe(400);
          expect(answer.body.errors).toHaveLength(1);
          expect(answer.body.errors[0].expected).toBe(within ? "string matching /\\d+x/" : "string of at most 20 characters");
        }
        if (codePoints(guarded) > 4_000) return; // past what a request line holds on a socket; in process the query has no such limit
        const query = await app.request(`/guarded-inputs?q=${encodeURIComponent(guarded)}`);
        if (within && /\d+x/u.test(guarded)) expect(query.status).toBe(204);
        else expect(((await query.json()) as { errors: { path: string }[] }).errors).toHaveLength(1);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
