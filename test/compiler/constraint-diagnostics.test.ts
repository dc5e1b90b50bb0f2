import { expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { honestDiagnostics, honestError } from "../support/controller-diagnostics.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/reference/diagnostics.md, "Compile-time diagnostics" (TS991023) and "Constraints": a
// constraint type that cannot apply to its type, or whose argument honest
// cannot check, fails the build at the property to change.

const source = `import { Controller, Post, StatusCode } from "honest";
import type { Json, MinLength, MaxLength, Pattern, Format, StringFormat, Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum, MultipleOf, Integer, MinItems, MaxItems } from "honest";
interface Wrong {
  age: number & MinLength<1>;
  name: string & Minimum<0>;
  tags: string & MaxItems<3>;
  slug: string & Pattern<"[a-">;
  short: string & MinLength<-1>;
  count: number & Maximum<number>;
  kind: string & Format<StringFormat>;
  range: number & Minimum<10> & Maximum<5>;
  open: number & ExclusiveMinimum<5> & ExclusiveMaximum<5>;
  text: string & MinLength<5> & MaxLength<3>;
  step: number & MultipleOf<0>;
  flag: boolean & Integer;
  fine: string & MinLength<5> & MaxLength<5>;
  list: [string] & MinItems<1>;
  when: Date & Minimum<0>;
}
@Controller()
export class C {
  @Post("/wrong") async wrong(body: Json<Wrong>): Promise<StatusCode> { return 204; }
  @Post("/root") async root(body: Json<number[] & MinLength<1>>): Promise<StatusCode> { return 204; }
}
`;

const error = (line: number, message: string) => honestError(line, HonestCode.MisusedConstraint, message);
const prefix = "POST /wrong (C.wrong): Json<Wrong> cannot be a request body: $.";

it("reports each misused constraint, with what to change, at the property", () => {
  const compiled = compileFixture("constraint-diagnostics", { "src/controller.ts": source });
  const numberOnes = "Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum, MultipleOf, Integer";
  expect(honestDiagnostics(compiled.diagnostics)).toEqual([
    error(4, `${prefix}age has MinLength<1>, a constraint for strings, on a number; remove it, or use one for numbers (${numberOnes}).`),
    error(
      5,
      `${prefix}name has Minimum<0>, a constraint for numbers, on a string; remove it, or use one for strings (MinLength, MaxLength, Pattern, Format).`,
    ),
    error(
      6,
      `${prefix}tags has MaxItems<3>, a constraint for arrays, on a string; remove it, or use one for strings (MinLength, MaxLength, Pattern, Format).`,
    ),
    error(
      7,
      `${prefix}slug has Pattern<"[a-">; it is not a valid regular expression (Invalid regular expression: /[a-/u: Unterminated character class); fix the expression.`,
    ),
    error(8, `${prefix}short has MinLength<-1>; a count is a whole number of at least 0, such as MinLength<1>.`),
    error(9, `${prefix}count has Maximum<number>; give it a number literal, such as Maximum<0>.`),
    error(
      10,
      `${prefix}kind has Format<"date" | "date-time" | "email" | "password" | "uri" | "uuid">; give it one format of "email", "uuid", "uri", "date-time", "date", "password", such as Format<"email">.`,
    ),
    error(11, `${prefix}range has Minimum<10> and Maximum<5>, which no number satisfies; lower the first or raise the second.`),
    error(
      12,
      `${prefix}open has ExclusiveMinimum<5> and ExclusiveMaximum<5>, which no number satisfies; lower the first or raise the second.`,
    ),
    error(13, `${prefix}text has MinLength<5> and MaxLength<3>, which no string satisfies; lower the first or raise the second.`),
    error(14, `${prefix}step has MultipleOf<0>; the step must be greater than 0, such as MultipleOf<5>.`),
    error(15, `${prefix}flag has Integer, a constraint for numbers, on the literal false; remove it.`),
    error(15, `${prefix}flag has Integer, a constraint for numbers, on the literal true; remove it.`),
    error(17, `${prefix}list has MinItems<1>, a constraint for arrays, on a tuple; remove it.`),
    // Dates take no constraint types: compare in the handler (docs/guide/json-bodies-and-responses.md, "Dates").
    error(18, `${prefix}when has Minimum<0>, a constraint for numbers, on a Date; remove it.`),
    error(
      23,
      "POST /root (C.root): Json<number[] & MinLength<1>> cannot be a request body: $ has MinLength<1>, a constraint for strings, on an array; remove it, or use one for arrays (MinItems, MaxItems).",
    ),
  ]);
});
