import { expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { honestError } from "../support/controller-diagnostics.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/guide/constraints.md, "Constraints" and "Compile-time diagnostics" (TS991033): a Pattern
// whose regular expression backtracks exponentially fails the build
// whatever its bound; one that backtracks polynomially fails it unless a
// MaxLength of at most 256 caps the values it is given. Reported at the
// property, in bodies and in typed inputs alike, with the equivalent
// expression where scslre finds one.

const source = `import { Controller, Get, Post, StatusCode } from "honest";
import type { Json, MaxLength, Pattern, Query } from "honest";
interface Signup {
  nested: string & MaxLength<20> & Pattern<"^(a+)+$">;
  words: string & Pattern<"^(\\\\w+\\\\s?)*$">;
  digits: string & Pattern<"\\\\d+x">;
  email: string & MaxLength<320> & Pattern<"^[^@\\\\s]+@[^@\\\\s]+\\\\.[^@\\\\s]+$">;
  bounded: string & MaxLength<256> & Pattern<"\\\\d+x">;
  anchored: string & Pattern<"^\\\\d+x$">;
  slug: string & Pattern<"^[a-z]+(-[a-z]+)*$">;
  domain: string & Pattern<"^(?:[a-z]+\\\\.)*[a-z]+$">;
}
@Controller()
export class C {
  @Post("/signup") async signup(body: Json<Signup>): Promise<StatusCode> { return 204; }
  @Get("/search") async search(query: Query<{
    q?: string & Pattern<".*a.*b">;
    tag?: string & MaxLength<64> & Pattern<"^[a-z]+$">;
  }>): Promise<StatusCode> { return 204; }
}
`;

const error = (line: number, message: string) => honestError(line, HonestCode.BacktrackingPattern, message);
const prefix = "POST /signup (C.signup): Json<Signup> cannot be a request body: $.";

it("refuses each pattern that can backtrack, saying why and what to write instead", () => {
  const compiled = compileFixture("pattern-diagnostics", { "src/controller.ts": source });
  expect(compiled.diagnostics).toEqual([
    error(
      4,
      `${prefix}nested has Pattern<"^(a+)+$">, whose regular expression backtracks exponentially: /a+/ inside /(a+)+/ can split a run of "a" in many ways, so a value of a few dozen characters can hold the server for seconds, whatever its MaxLength; rewrite it so that each character can be matched in one way only.`,
    ),
    error(
      5,
      `${prefix}words has Pattern<"^(\\\\w+\\\\s?)*$">, whose regular expression backtracks exponentially: /\\w+/ inside /(\\w+\\s?)*/ can split a run of "A" in many ways, so a value of a few dozen characters can hold the server for seconds, whatever its MaxLength; rewrite it so that each character can be matched in one way only.`,
    ),
    error(
      6,
      `${prefix}digits has Pattern<"\\\\d+x">, whose regular expression backtracks polynomially: /\\d+/ is tried from every position of a run of "0", since the expression is not anchored with ^, so a long value takes time that grows with the square of its length or faster; add MaxLength<256> or less (checked before the pattern), or rewrite it so that no two repetitions can match the same run of characters.`,
    ),
    error(
      7,
      `${prefix}email has Pattern<"^[^@\\\\s]+@[^@\\\\s]+\\\\.[^@\\\\s]+$"> and MaxLength<320>, whose regular expression backtracks polynomially: /[^@\\s]+/ and /[^@\\s]+/ can both match a run of ".", so a long value takes time that grows with the square of its length or faster; add MaxLength<256> or less (checked before the pattern), or write Pattern<"^[^@\\\\s]+@[^\\\\s@][^\\\\s.@]*\\\\.[^\\\\s@]+$">, which matches the same strings.`,
    ),
    error(
      17,
      `GET /search (C.search): Query<{\n    q?: string & Pattern<".*a.*b">;\n    tag?: string & MaxLength<64> & Pattern<"^[a-z]+$">;\n  }>: property 'q' has Pattern<".*a.*b">, whose regular expression backtracks polynomially: /.*/ and /.*/ can both match a run of "a", so a long value takes time that grows with the square of its length or faster; add MaxLength<256> or less (checked before the pattern), or write Pattern<"[^\\\\n\\\\ra\\\\u2028\\\\u2029]*a.*b">, which matches the same strings.`,
    ),
  ]);
});
