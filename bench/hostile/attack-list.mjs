// Issue 26's attacks, each one request: what it is called in the table, the
// route, the body, the status a sound check answers, and whether Fastify has
// the route (it reads no urlencoded form without @fastify/formbody), and
// whether honest has (its build refuses a pattern that backtracks
// exponentially, TS991033: the cell says so).

const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";

/** Just under honest's and Fastify's 1 MiB body limit, with the JSON around the string. */
const NEAR_ONE_MIB = 1_048_000;
const DIGITS = [50_000, 200_000, NEAR_ONE_MIB];

const count = (n) => n.toLocaleString("en-US").replaceAll(",", " ");

/**
 * A chain of `depth` objects linked by `next`, `level` written at each one and
 * `innermost` the last. `nextFirst` writes `next` before the other keys.
 */
function chain(depth, level, innermost, nextFirst = false) {
  let body = innermost;
  for (let at = 1; at < depth; at++) body = nextFirst ? { next: body, ...level } : { ...level, next: body };
  return JSON.stringify(body);
}

// Wrong innermost: `{ "a": {} }` fits no member, even under Fastify's default
// type coercion (which would turn `"a": 1` into "1" and let it through).
const WRONG = { a: {} };

export const ATTACKS = [
  ...DIGITS.map((n) => ({
    name: `JSON \`guarded\`: ${count(n)} × "1" (MaxLength<20> & Pattern<"\\d+x">)`,
    path: "/guarded",
    type: JSON_TYPE,
    body: JSON.stringify({ guarded: "1".repeat(n) }),
    expected: 400,
  })),
  ...DIGITS.map((n) => ({
    name: `Form \`guarded\`: ${count(n)} × "1" (urlencoded)`,
    path: "/guarded-form",
    type: FORM_TYPE,
    body: `guarded=${"1".repeat(n)}`,
    expected: 400,
    fastify: false,
  })),
  {
    name: 'JSON `guarded`: 30 × "a" + "!" (MaxLength<20> & Pattern<"^(a+)+$">)',
    path: "/nested-quantifier",
    type: JSON_TYPE,
    body: JSON.stringify({ guarded: `${"a".repeat(30)}!` }),
    expected: 400,
    // The pattern backtracks exponentially: honest refuses to build such a route (TS991033).
    honest: "build refused: TS991033",
  },
  ...[20, 24].map((depth) => ({
    name: `NA | NB, depth ${depth}, wrong innermost`,
    path: "/union",
    type: JSON_TYPE,
    body: chain(depth, { a: "x" }, WRONG),
    expected: 400,
  })),
  // Each level has both `a` and `b`, so it fits either member and a check
  // that stops at the first fitting one still tries both wherever the
  // innermost level fails them: the shape that runs ajv out of memory.
  ...[20, 24].map((depth) => ({
    name: `NA | NB, depth ${depth}, every level fits both, wrong innermost`,
    path: "/union",
    type: JSON_TYPE,
    body: chain(depth, { a: "x", b: 1 }, WRONG),
    expected: 400,
  })),
  {
    name: "NA | NB | NC, depth 16, wrong innermost",
    path: "/union3",
    type: JSON_TYPE,
    body: chain(16, { a: "x" }, WRONG),
    expected: 400,
  },
  {
    // Every level is the second member, `next` declared (and sent) before `b`:
    // the first member, tried first, fails only at its `a`, after its `next`.
    name: "NA2 | NB2 (`next` declared first), depth 28, valid",
    path: "/union-next-first",
    type: JSON_TYPE,
    body: chain(28, { b: 1 }, { b: 1 }, true),
    expected: 200,
  },
];

/** The request's bytes: a `content-length` body, the connection closed after the answer. */
export function wire({ path, type, body }) {
  const length = Buffer.byteLength(body);
  return Buffer.from(
    `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: ${type}\r\ncontent-length: ${length}\r\nconnection: close\r\n\r\n${body}`,
  );
}

export const HEALTH = Buffer.from("GET /health HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n");
