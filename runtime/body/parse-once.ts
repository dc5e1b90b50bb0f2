// A union whose members are told apart only by trying each in turn, and
// whose members lead back to the union (`interface A { a: string; next?: A | B }`),
// would try the members again at every level of a value nested through it:
// at depth 24 that is 2^24 attempts for a 250-byte body (docs/reference/limits.md,
// "Limits, timeouts and failures"). Generated parsers try such members
// through parseOnce, which remembers each member's answer for each object it
// was given, so each object is parsed at most once per member and the cost
// stays linear in the body's size.

/** A generated parser: `(value, depth) => copy | undefined`. */
export type BodyParser = (value: unknown, depth: number) => unknown;

/** Per parser, its answer for each object tried; an object is a request's own, so the entries go with it. */
const answers = new WeakMap<BodyParser, WeakMap<object, unknown>>();

/** `parse(value, depth)`, computed once per parser and object. */
export function parseOnce(parse: BodyParser, value: unknown, depth: number): unknown {
  if (typeof value !== "object" || value === null) return parse(value, depth);
  let known = answers.get(parse);
  if (known === undefined) {
    known = new WeakMap();
    answers.set(parse, known);
  } else if (known.has(value)) {
    return known.get(value);
  }
  const answer = parse(value, depth);
  known.set(value, answer);
  return answer;
}
