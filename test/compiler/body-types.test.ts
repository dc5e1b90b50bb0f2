import { beforeAll, describe, expect, it } from "vitest";
import { compileBodyFixture, type BodyFixture, type Posted } from "../support/body-fixture.js";

// docs/guide/json-bodies-and-responses.md, "JSON bodies and responses", for request bodies: for
// each construct, a valid body reaches the handler as the type says, and
// each kind of wrong body is a 400 whose `errors` name the exact path, what
// was expected and what was found, without calling the handler.

let fixture: BodyFixture;

beforeAll(async () => {
  fixture = await compileBodyFixture(
    "body-types",
    `
      export enum Color { Red = "red", Green = "green" }
      export enum Level { Low, High }
      interface Point { x: number; y: number }
      type Shape = { kind: "circle"; radius: number } | { kind: "square"; side: number } | { kind: "dot" | "pixel" };
      type Loose = { a: string } | { a: string; b: number };
      interface Comment { text: string; replies: Comment[] }
      interface Page<T> { items: T[]; total: number }
      interface Item { id: i64; name: string }
      type UserId = string & { readonly __brand: "UserId" };
      class Signup { name!: string; age?: number }
      interface Counts { total: number; [key: string]: number }
      interface Order {
        customer: { name: string; address: { city: string; zip?: string } };
        lines: { sku: string; quantity: number }[];
        note?: string | null;
      }

      @Controller()
      export class Bodies {
        @Post("/string") async string(body: Json<string>): Promise<StatusCode> { return take(body); }
        @Post("/number") async number(body: Json<number>): Promise<StatusCode> { return take(body); }
        @Post("/boolean") async boolean(body: Json<boolean>): Promise<StatusCode> { return take(body); }
        @Post("/null") async null(body: Json<null>): Promise<StatusCode> { return take(body); }
        @Post("/i64") async i64(body: Json<i64>): Promise<StatusCode> { return take(body); }
        @Post("/literal") async literal(body: Json<{ answer: "yes" | 42 | true }>): Promise<StatusCode> { return take(body); }
        @Post("/color") async color(body: Json<{ color: Color }>): Promise<StatusCode> { return take(body); }
        @Post("/level") async level(body: Json<{ level: Level }>): Promise<StatusCode> { return take(body); }
        @Post("/either") async either(body: Json<{ value: string | number }>): Promise<StatusCode> { return take(body); }
        @Post("/nullable") async nullable(body: Json<{ value: string | null }>): Promise<StatusCode> { return take(body); }
        @Post("/points") async points(body: Json<Point[]>): Promise<StatusCode> { return take(body); }
        @Post("/tags") async tags(body: Json<{ tags: string[] }>): Promise<StatusCode> { return take(body); }
        @Post("/pair") async pair(body: Json<[string, number]>): Promise<StatusCode> { return take(body); }
        @Post("/maybe-pair") async maybePair(body: Json<[string, number?]>): Promise<StatusCode> { return take(body); }
        @Post("/series") async series(body: Json<[string, ...number[]]>): Promise<StatusCode> { return take(body); }
        @Post("/order") async order(body: Json<Order>): Promise<StatusCode> { return take(body); }
        @Post("/record") async record(body: Json<Record<string, number>>): Promise<StatusCode> { return take(body); }
        @Post("/counts") async counts(body: Json<Counts>): Promise<StatusCode> { return take(body); }
        @Post("/unknown") async unknown(body: Json<unknown>): Promise<StatusCode> { return take(body); }
        @Post("/meta") async meta(body: Json<{ id: number; meta: unknown }>): Promise<StatusCode> { return take(body); }
        @Post("/comment") async comment(body: Json<Comment>): Promise<StatusCode> { return take(body); }
        @Post("/page") async page(body: Json<Page<Item>>): Promise<StatusCode> { return take(body); }
        @Post("/shape") async shape(body: Json<Shape>): Promise<StatusCode> { return take(body); }
        @Post("/loose") async loose(body: Json<Loose>): Promise<StatusCode> { return take(body); }
        @Post("/mixed") async mixed(body: Json<{ value: string | Point | Point[] | [string, string] }>): Promise<StatusCode> { return take(body); }
        @Post("/brand") async brand(body: Json<{ id: UserId }>): Promise<StatusCode> { return take(body); }
        @Post("/signup") async signup(body: Json<Signup>): Promise<StatusCode> { return take(body); }
      }
    `,
  );
});

const post = (path: string, body: string): Promise<Posted> => fixture.post(path, body);

async function accepts(path: string, body: string, expected: unknown = JSON.parse(body)): Promise<unknown> {
  const result = await post(path, body);
  expect(result.status).toBe(204);
  expect(result.received).toStrictEqual(expected);
  return result.received;
}

async function rejects(path: string, body: string, errors: { path: string; expected: string; got: string }[]): Promise<void> {
  const result = await post(path, body);
  expect(result.status).toBe(400);
  expect(result.problem).toMatchObject({ status: 400, title: "Bad Request" });
  expect(result.problem!.errors).toEqual(errors);
}

describe("primitives", () => {
  it("string", async () => {
    await accepts("/string", '"hello"');
    await accepts("/string", '""');
    await rejects("/string", "12", [{ path: "$", expected: "string", got: "12" }]);
    await rejects("/string", "null", [{ path: "$", expected: "string", got: "null" }]);
  });

  it("number", async () => {
    await accepts("/number", "-1.5e3", -1500);
    await accepts("/number", "0");
    await rejects("/number", '"12"', [{ path: "$", expected: "number", got: '"12"' }]);
    await rejects("/number", "true", [{ path: "$", expected: "number", got: "true" }]);
    await rejects("/number", "1e400", [{ path: "$", expected: "number", got: "Infinity" }]);
  });

  it("boolean", async () => {
    await accepts("/boolean", "false");
    await rejects("/boolean", '"true"', [{ path: "$", expected: "boolean", got: '"true"' }]);
    await rejects("/boolean", "0", [{ path: "$", expected: "boolean", got: "0" }]);
  });

  it("null", async () => {
    await accepts("/null", "null");
    await rejects("/null", "{}", [{ path: "$", expected: "null", got: "object" }]);
  });

  it("i64 becomes a bigint", async () => {
    await accepts("/i64", "42", 42n);
    await accepts("/i64", "-7", -7n);
    await rejects("/i64", "1.5", [{ path: "$", expected: "64-bit integer", got: "1.5" }]);
    await rejects("/i64", '"42"', [{ path: "$", expected: "64-bit integer", got: '"42"' }]);
  });
});

describe("literals and enums", () => {
  it("a union of string, number and boolean literals takes exactly those values", async () => {
    for (const answer of ['"yes"', "42", "true"]) await accepts("/literal", `{"answer":${answer}}`);
    await rejects("/literal", '{"answer":"no"}', [{ path: "$.answer", expected: '"yes" | 42 | true', got: '"no"' }]);
    await rejects("/literal", '{"answer":false}', [{ path: "$.answer", expected: '"yes" | 42 | true', got: "false" }]);
    await rejects("/literal", "{}", [{ path: "$.answer", expected: '"yes" | 42 | true', got: "missing" }]);
  });

  it("a string enum takes its members' values", async () => {
    await accepts("/color", '{"color":"green"}');
    await rejects("/color", '{"color":"Green"}', [{ path: "$.color", expected: '"green" | "red"', got: '"Green"' }]);
  });

  it("a numeric enum takes its members' numbers", async () => {
    await accepts("/level", '{"level":1}');
    await rejects("/level", '{"level":2}', [{ path: "$.level", expected: "0 | 1", got: "2" }]);
    await rejects("/level", '{"level":"High"}', [{ path: "$.level", expected: "0 | 1", got: '"High"' }]);
  });
});

describe("unions", () => {
  it("of primitives", async () => {
    await accepts("/either", '{"value":"a"}');
    await accepts("/either", '{"value":3}');
    await rejects("/either", '{"value":[]}', [{ path: "$.value", expected: "string | number", got: "array of 0 items" }]);
  });

  it("with null", async () => {
    await accepts("/nullable", '{"value":null}');
    await rejects("/nullable", "{}", [{ path: "$.value", expected: "string | null", got: "missing" }]);
  });

  it("discriminated: the tag picks the member, whose faults are listed", async () => {
    await accepts("/shape", '{"kind":"circle","radius":2}');
    await accepts("/shape", '{"kind":"square","side":3,"radius":9}', { kind: "square", side: 3 });
    await accepts("/shape", '{"kind":"pixel"}');
    await rejects("/shape", '{"kind":"circle","radius":"2"}', [{ path: "$.radius", expected: "number", got: '"2"' }]);
    await rejects("/shape", '{"kind":"square"}', [{ path: "$.side", expected: "number", got: "missing" }]);
    await rejects("/shape", '{"kind":"hexagon"}', [
      { path: "$.kind", expected: '"circle" | "dot" | "pixel" | "square"', got: '"hexagon"' },
    ]);
    await rejects("/shape", '{"radius":1}', [{ path: "$.kind", expected: '"circle" | "dot" | "pixel" | "square"', got: "missing" }]);
    await rejects("/shape", "[]", [{ path: "$", expected: "object", got: "array of 0 items" }]);
  });

  it("without a discriminant: the member requiring the most properties is tried first, the closest one's faults listed", async () => {
    await accepts("/loose", '{"a":"x","b":1,"c":2}', { a: "x", b: 1 });
    await accepts("/loose", '{"a":"x","b":"not a number"}', { a: "x" });
    await rejects("/loose", '{"b":1}', [{ path: "$.a", expected: "string", got: "missing" }]);
  });
});

describe("unions of several kinds", () => {
  it("report the faults of the member of the value's kind", async () => {
    await accepts("/mixed", '{"value":"s"}');
    await accepts("/mixed", '{"value":{"x":1,"y":2}}');
    await accepts("/mixed", '{"value":["a","b"]}');
    await accepts("/mixed", '{"value":[{"x":1,"y":2}]}');
    await rejects("/mixed", '{"value":{"x":1}}', [{ path: "$.value.y", expected: "number", got: "missing" }]);
    await rejects("/mixed", '{"value":[{"x":1,"y":"2"}]}', [{ path: "$.value[0].y", expected: "number", got: '"2"' }]);
    await rejects("/mixed", '{"value":["a",1]}', [{ path: "$.value[1]", expected: "string", got: "1" }]);
    await rejects("/mixed", '{"value":true}', [{ path: "$.value", expected: "string | object | array | array of 2 items", got: "true" }]);
  });
});

describe("arrays and tuples", () => {
  it("arrays check every element, objects inside by path", async () => {
    await accepts("/points", '[{"x":1,"y":2},{"x":3,"y":4,"z":5}]', [
      { x: 1, y: 2 },
      { x: 3, y: 4 },
    ]);
    await accepts("/points", "[]");
    await rejects("/points", '[{"x":1,"y":2},{"x":"3"},5]', [
      { path: "$[1].x", expected: "number", got: '"3"' },
      { path: "$[1].y", expected: "number", got: "missing" },
      { path: "$[2]", expected: "object", got: "5" },
    ]);
    await rejects("/points", '{"0":{"x":1,"y":2}}', [{ path: "$", expected: "array", got: "object" }]);
  });

  it("arrays of strings", async () => {
    await accepts("/tags", '{"tags":["a","b"]}');
    await rejects("/tags", '{"tags":["a",2,"c",null]}', [
      { path: "$.tags[1]", expected: "string", got: "2" },
      { path: "$.tags[3]", expected: "string", got: "null" },
    ]);
  });

  it("tuples check their length and each position", async () => {
    await accepts("/pair", '["a",1]');
    await rejects("/pair", '["a"]', [{ path: "$", expected: "array of 2 items", got: "array of 1 item" }]);
    await rejects("/pair", '["a",1,2]', [{ path: "$", expected: "array of 2 items", got: "array of 3 items" }]);
    await rejects("/pair", '[1,"a"]', [
      { path: "$[0]", expected: "string", got: "1" },
      { path: "$[1]", expected: "number", got: '"a"' },
    ]);
  });

  it("optional tuple elements may be left out", async () => {
    await accepts("/maybe-pair", '["a"]');
    await accepts("/maybe-pair", '["a",2]');
    await rejects("/maybe-pair", '["a","2"]', [{ path: "$[1]", expected: "number", got: '"2"' }]);
    await rejects("/maybe-pair", "[]", [{ path: "$", expected: "array of 1 to 2 items", got: "array of 0 items" }]);
  });

  it("a rest element takes any number of further elements", async () => {
    await accepts("/series", '["a"]');
    await accepts("/series", '["a",1,2,3]');
    await rejects("/series", '["a",1,"2"]', [{ path: "$[2]", expected: "number", got: '"2"' }]);
    await rejects("/series", "[]", [{ path: "$", expected: "array of at least 1 item", got: "array of 0 items" }]);
  });
});

describe("objects", () => {
  const order = { customer: { name: "ada", address: { city: "London" } }, lines: [{ sku: "a-1", quantity: 2 }] };

  it("nested objects: only declared properties, at every depth", async () => {
    await accepts("/order", JSON.stringify(order));
    const extra = {
      ...order,
      coupon: "FREE",
      customer: { ...order.customer, admin: true, address: { city: "London", zip: "N1", planet: "Earth" } },
    };
    await accepts("/order", JSON.stringify(extra), { ...order, customer: { name: "ada", address: { city: "London", zip: "N1" } } });
  });

  it("optional properties may be absent, or null where the type allows it", async () => {
    const received = await accepts("/order", JSON.stringify({ ...order, note: null }));
    expect(received).toHaveProperty("note", null);
    const without = await accepts("/order", JSON.stringify(order));
    expect(Object.keys(without as object)).toEqual(["customer", "lines"]);
  });

  it("lists every failing field, depth first, in declaration order", async () => {
    const body = { customer: { name: 1, address: { zip: 2 } }, lines: [{ sku: "a" }, { sku: 3, quantity: "x" }], note: 5 };
    await rejects("/order", JSON.stringify(body), [
      { path: "$.customer.name", expected: "string", got: "1" },
      { path: "$.customer.address.city", expected: "string", got: "missing" },
      { path: "$.customer.address.zip", expected: "string", got: "2" },
      { path: "$.lines[0].quantity", expected: "number", got: "missing" },
      { path: "$.lines[1].sku", expected: "string", got: "3" },
      { path: "$.lines[1].quantity", expected: "number", got: '"x"' },
      { path: "$.note", expected: "string | null", got: "5" },
    ]);
  });

  it("class types are checked by their instance properties, and arrive as plain objects", async () => {
    await accepts("/signup", '{"name":"ada","age":36}');
    await rejects("/signup", '{"age":"36"}', [
      { path: "$.name", expected: "string", got: "missing" },
      { path: "$.age", expected: "number", got: '"36"' },
    ]);
  });

  it("branded primitives are checked as the primitive", async () => {
    await accepts("/brand", '{"id":"u-1"}');
    await rejects("/brand", '{"id":1}', [{ path: "$.id", expected: "string", got: "1" }]);
  });
});

describe("Record<string, T> and index signatures", () => {
  it("check every value, with the key in the path", async () => {
    await accepts("/record", '{"a":1,"b c":2}');
    await accepts("/record", "{}");
    await rejects("/record", '{"a":"1","b c":true}', [
      { path: "$.a", expected: "number", got: '"1"' },
      { path: '$["b c"]', expected: "number", got: "true" },
    ]);
  });

  it("declared properties and other keys together", async () => {
    await accepts("/counts", '{"total":3,"apples":1,"pears":2}');
    await rejects("/counts", '{"apples":"1"}', [
      { path: "$.total", expected: "number", got: "missing" },
      { path: "$.apples", expected: "number", got: '"1"' },
    ]);
  });
});

describe("unknown", () => {
  it("accepts any JSON value as it is", async () => {
    for (const body of ['{"a":[1,{"b":null}]}', "[1,2]", '"s"', "3", "null"]) await accepts("/unknown", body);
  });

  it("a property of type unknown may be absent", async () => {
    await accepts("/meta", '{"id":1,"meta":{"k":[true]}}');
    await accepts("/meta", '{"id":1}');
  });
});

describe("recursive and generic types", () => {
  it("a tree of comments, checked at every level", async () => {
    const tree = { text: "a", replies: [{ text: "b", replies: [{ text: "c", replies: [] }] }] };
    await accepts("/comment", JSON.stringify(tree));
    const bad = { text: "a", replies: [{ text: "b", replies: [{ text: 3, replies: {} }] }] };
    await rejects("/comment", JSON.stringify(bad), [
      { path: "$.replies[0].replies[0].text", expected: "string", got: "3" },
      { path: "$.replies[0].replies[0].replies", expected: "array", got: "object" },
    ]);
  });

  it("generics instantiated where they are used: Page<Item>", async () => {
    await accepts("/page", '{"items":[{"id":1,"name":"a"}],"total":1}', { items: [{ id: 1n, name: "a" }], total: 1 });
    await rejects("/page", '{"items":[{"id":"1","name":"a"}],"total":1}', [
      { path: "$.items[0].id", expected: "64-bit integer", got: '"1"' },
    ]);
  });
});
