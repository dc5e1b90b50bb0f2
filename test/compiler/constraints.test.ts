import { beforeAll, describe, expect, it } from "vitest";
import { compileBodyFixture, type BodyFixture } from "../support/body-fixture.js";

// docs/guide/constraints.md, "Constraints": each constraint type accepts a value at its edge
// and refuses one just past it with one fault whose `expected` names the
// constraint; a reporter lists every failed constraint at once; constraints
// hold inside arrays, optional properties, nested objects and unions.

let fixture: BodyFixture;

beforeAll(async () => {
  fixture = await compileBodyFixture(
    "constraints",
    `
      import type {
        MinLength, MaxLength, Pattern, Format, Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum, MultipleOf, Integer, MinItems, MaxItems,
      } from "honest";

      interface Signup {
        name: string & MinLength<1> & MaxLength<40>;
        email: string & Format<"email">;
        age?: number & Integer & Minimum<13>;
        tags: string[] & MaxItems<10>;
      }
      type Slug = string & Pattern<"^[a-z]+(-[a-z]+)*$">;
      type UserId = string & { readonly __brand: "UserId" } & Format<"uuid">;
      interface Order { lines: { sku: Slug; quantity: number & Integer & ExclusiveMinimum<0> }[] & MinItems<1>; owner: { id: UserId } }

      // Values of constrained types are still strings and numbers to the type checker.
      const greet = (name: string): string => "hello " + name;
      const literal: string & MinLength<1> = "x";
      greet(literal);

      @Controller()
      export class Constrained {
        @Post("/signup") async signup(body: Json<Signup>): Promise<StatusCode> { greet(body.name); return take(body); }
        @Post("/min-length") async minLength(body: Json<string & MinLength<2>>): Promise<StatusCode> { return take(body); }
        @Post("/max-length") async maxLength(body: Json<string & MaxLength<2>>): Promise<StatusCode> { return take(body); }
        @Post("/pattern") async pattern(body: Json<Slug>): Promise<StatusCode> { return take(body); }
        @Post("/slash") async slash(body: Json<string & Pattern<"^a/b$">>): Promise<StatusCode> { return take(body); }
        @Post("/email") async email(body: Json<string & Format<"email">>): Promise<StatusCode> { return take(body); }
        @Post("/uuid") async uuid(body: Json<string & Format<"uuid">>): Promise<StatusCode> { return take(body); }
        @Post("/uri") async uri(body: Json<string & Format<"uri">>): Promise<StatusCode> { return take(body); }
        @Post("/date-time") async dateTime(body: Json<string & Format<"date-time">>): Promise<StatusCode> { return take(body); }
        @Post("/date") async date(body: Json<string & Format<"date">>): Promise<StatusCode> { return take(body); }
        @Post("/minimum") async minimum(body: Json<number & Minimum<13>>): Promise<StatusCode> { return take(body); }
        @Post("/maximum") async maximum(body: Json<number & Maximum<-1.5>>): Promise<StatusCode> { return take(body); }
        @Post("/exclusive-minimum") async exclusiveMinimum(body: Json<number & ExclusiveMinimum<0>>): Promise<StatusCode> { return take(body); }
        @Post("/exclusive-maximum") async exclusiveMaximum(body: Json<number & ExclusiveMaximum<100>>): Promise<StatusCode> { return take(body); }
        @Post("/multiple-of") async multipleOf(body: Json<number & MultipleOf<5>>): Promise<StatusCode> { return take(body); }
        @Post("/cents") async cents(body: Json<number & MultipleOf<0.01>>): Promise<StatusCode> { return take(body); }
        @Post("/integer") async integer(body: Json<number & Integer>): Promise<StatusCode> { return take(body); }
        @Post("/min-items") async minItems(body: Json<number[] & MinItems<1>>): Promise<StatusCode> { return take(body); }
        @Post("/max-items") async maxItems(body: Json<number[] & MaxItems<2>>): Promise<StatusCode> { return take(body); }
        @Post("/order") async order(body: Json<Order>): Promise<StatusCode> { return take(body); }
        @Post("/nullable") async nullable(body: Json<{ nick: (string & MinLength<3>) | null; score: (number & Maximum<10>) | "none" }>): Promise<StatusCode> { return take(body); }
        @Post("/empty-or-email") async emptyOrEmail(body: Json<"" | (string & Format<"email">)>): Promise<StatusCode> { return take(body); }
        @Post("/i64s") async i64s(body: Json<{ id: i64; amount: number & Minimum<0> }>): Promise<StatusCode> { return take(body); }
      }
    `,
  );
});

async function accepts(path: string, body: string, expected: unknown = JSON.parse(body)): Promise<void> {
  const result = await fixture.post(path, body);
  expect(result.status).toBe(204);
  expect(result.received).toStrictEqual(expected);
}

async function rejects(path: string, body: string, errors: { path: string; expected: string; got: string }[]): Promise<void> {
  const result = await fixture.post(path, body);
  expect(result.status).toBe(400);
  expect(result.problem!.errors).toEqual(errors);
}

const fault = (path: string, expected: string, got: string) => ({ path, expected, got });

describe("each constraint at its edge and just past it", () => {
  it("MinLength and MaxLength count Unicode code points", async () => {
    await accepts("/min-length", '"ab"');
    await accepts("/min-length", '"😀😀"');
    await rejects("/min-length", '"a"', [fault("$", "string of at least 2 characters", '"a"')]);
    // One code point, two UTF-16 units.
    await rejects("/min-length", '"😀"', [fault("$", "string of at least 2 characters", '"😀"')]);
    await accepts("/max-length", '"😀😀"');
    await rejects("/max-length", '"abc"', [fault("$", "string of at most 2 characters", '"abc"')]);
    await rejects("/min-length", "12", [fault("$", "string", "12")]);
  });

  it("Pattern finds a match with the u flag, and names the expression", async () => {
    await accepts("/pattern", '"new-york"');
    await rejects("/pattern", '"new-"', [fault("$", "string matching /^[a-z]+(-[a-z]+)*$/", '"new-"')]);
    await accepts("/slash", '"a/b"');
    await rejects("/slash", '"ab"', [fault("$", "string matching /^a\\/b$/", '"ab"')]);
  });

  it("Format names the format", async () => {
    await accepts("/email", '"ada@example.com"');
    await rejects("/email", '"ada@"', [fault("$", "email address", '"ada@"')]);
    await accepts("/uuid", '"123e4567-E89B-12d3-a456-426614174000"');
    await rejects("/uuid", '"123e4567e89b12d3a456426614174000"', [fault("$", "UUID", '"123e4567e89b12d3a456426614174000"')]);
    await accepts("/uri", '"https://example.com/a?b#c"');
    await rejects("/uri", '"/a/b"', [fault("$", "URI", '"/a/b"')]);
    await accepts("/date-time", '"2024-02-29T23:59:59.5+01:00"');
    await rejects("/date-time", '"2023-02-29T00:00:00Z"', [
      fault("$", "RFC 3339 date-time such as 2026-11-27T16:20:00Z", '"2023-02-29T00:00:00Z"'),
    ]);
    await accepts("/date", '"2000-02-29"');
    await rejects("/date", '"1900-02-29"', [fault("$", "RFC 3339 date", '"1900-02-29"')]);
  });

  it("Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum", async () => {
    await accepts("/minimum", "13");
    await rejects("/minimum", "12.999", [fault("$", "number at least 13", "12.999")]);
    await accepts("/maximum", "-1.5");
    await rejects("/maximum", "-1.4", [fault("$", "number at most -1.5", "-1.4")]);
    await accepts("/exclusive-minimum", "0.001");
    await rejects("/exclusive-minimum", "0", [fault("$", "number greater than 0", "0")]);
    await accepts("/exclusive-maximum", "99.5");
    await rejects("/exclusive-maximum", "100", [fault("$", "number less than 100", "100")]);
    await rejects("/minimum", '"13"', [fault("$", "number", '"13"')]);
  });

  it("MultipleOf is exact for decimals, and Integer refuses a fraction", async () => {
    await accepts("/multiple-of", "-15");
    await accepts("/multiple-of", "0");
    await rejects("/multiple-of", "16", [fault("$", "multiple of 5", "16")]);
    await accepts("/cents", "19.99");
    await accepts("/cents", "0.3");
    await rejects("/cents", "0.001", [fault("$", "multiple of 0.01", "0.001")]);
    await accepts("/integer", "4");
    await accepts("/integer", "4.0", 4);
    await rejects("/integer", "4.5", [fault("$", "integer", "4.5")]);
  });

  it("MinItems and MaxItems", async () => {
    await accepts("/min-items", "[1]");
    await rejects("/min-items", "[]", [fault("$", "array of at least 1 item", "array of 0 items")]);
    await accepts("/max-items", "[1, 2]");
    await rejects("/max-items", "[1, 2, 3]", [fault("$", "array of at most 2 items", "array of 3 items")]);
    await rejects("/max-items", '[1, 2, "3"]', [
      fault("$", "array of at most 2 items", "array of 3 items"),
      fault("$[2]", "number", '"3"'),
    ]);
  });
});

describe("constraints in a body", () => {
  it("the example of docs/guide/constraints.md: a valid signup reaches the handler", async () => {
    await accepts("/signup", '{"name":"Ada","email":"ada@example.com","age":36,"tags":["math"]}');
    await accepts("/signup", '{"name":"Ada","email":"ada@example.com","tags":[]}');
  });

  it("lists every failed constraint at once, several at one path too", async () => {
    const tags = JSON.stringify(Array.from({ length: 11 }, (_, index) => `t${index}`));
    await rejects("/signup", `{"name":"","email":"ada","age":12.5,"tags":${tags}}`, [
      fault("$.name", "string of at least 1 character", '""'),
      fault("$.email", "email address", '"ada"'),
      fault("$.age", "integer", "12.5"),
      fault("$.age", "number at least 13", "12.5"),
      fault("$.tags", "array of at most 10 items", "array of 11 items"),
    ]);
    await rejects("/signup", `{"name":"${"x".repeat(41)}","email":"ada@example.com","tags":[]}`, [
      fault("$.name", "string of at most 40 characters", `"${"x".repeat(40)}…"`),
    ]);
  });

  it("inside arrays of nested objects, with branded aliases", async () => {
    const owner = '"owner":{"id":"00000000-0000-0000-0000-000000000000"}';
    await accepts("/order", `{"lines":[{"sku":"a-b","quantity":1}],${owner}}`);
    await rejects("/order", `{"lines":[],${owner}}`, [fault("$.lines", "array of at least 1 item", "array of 0 items")]);
    await rejects("/order", `{"lines":[{"sku":"a","quantity":1},{"sku":"A","quantity":0}],"owner":{"id":"x"}}`, [
      fault("$.lines[1].sku", "string matching /^[a-z]+(-[a-z]+)*$/", '"A"'),
      fault("$.lines[1].quantity", "number greater than 0", "0"),
      fault("$.owner.id", "UUID", '"x"'),
    ]);
  });

  it("in unions: a value of the constrained member's kind is reported against its constraints", async () => {
    await accepts("/nullable", '{"nick":null,"score":"none"}');
    await accepts("/nullable", '{"nick":"ada","score":10}');
    await rejects("/nullable", '{"nick":"ad","score":11}', [
      fault("$.nick", "string of at least 3 characters", '"ad"'),
      fault("$.score", "number at most 10", "11"),
    ]);
    await rejects("/nullable", '{"nick":1,"score":true}', [
      fault("$.nick", "string | null", "1"),
      fault("$.score", '"none" | number', "true"),
    ]);
  });

  it("in unions: a string failing one member's constraints may match another member", async () => {
    await accepts("/empty-or-email", '""');
    await accepts("/empty-or-email", '"ada@example.com"');
    await rejects("/empty-or-email", '"ada"', [fault("$", '"" | string', '"ada"')]);
  });

  it("numbers of a body parsed exactly (one holding an i64) are checked too", async () => {
    await accepts("/i64s", '{"id":9007199254740993,"amount":0}', { id: 9007199254740993n, amount: 0 });
    await rejects("/i64s", '{"id":1,"amount":-0.5}', [fault("$.amount", "number at least 0", "-0.5")]);
  });
});
