import { beforeAll, describe, expect, it } from "vitest";
import { compileBodyFixture, type BodyFixture, type Posted } from "../support/body-fixture.js";

// i64 and bigint fields of a body are exact over the whole signed 64-bit
// range, although JSON.parse would round them; a number whose exact value is
// not an integer, or lies outside the range, is a 400, and a rounded value is
// never taken. Fields declared `number` stay ordinary doubles, as JSON.parse
// gives them.

let fixture: BodyFixture;

beforeAll(async () => {
  fixture = await compileBodyFixture(
    "body-i64",
    `
      interface Transfer { from: i64; to: bigint; amount: number; note: string; meta?: unknown; ids?: i64[]; kind?: 1.5 | 2 }

      @Controller()
      export class Bodies {
        @Post("/transfer") async transfer(body: Json<Transfer>): Promise<StatusCode> { return take(body); }
        @Post("/ids") async ids(body: Json<i64[]>): Promise<StatusCode> { return take(body); }
      }
    `,
  );
});

const post = (path: string, body: string): Promise<Posted> => fixture.post(path, body);

const transfer = (fields: string) => `{"from":1,"to":2,"amount":1,"note":"n",${fields}}`;

describe("exact integers", () => {
  it("gives 9007199254740993n for 9007199254740993, which JSON.parse rounds", async () => {
    const { received } = await post("/transfer", '{"from":9007199254740993,"to":-9007199254740993,"amount":1,"note":"n"}');
    expect(received.from).toBe(9007199254740993n);
    expect(received.to).toBe(-9007199254740993n);
  });

  it("takes both ends of the 64-bit range", async () => {
    const { received } = await post("/ids", "[9223372036854775807,-9223372036854775808,0,-0,123456789012345]");
    expect(received).toEqual([9223372036854775807n, -9223372036854775808n, 0n, 0n, 123456789012345n]);
  });

  it("takes integers written with a fraction or an exponent, by their exact value", async () => {
    const { received } = await post("/ids", "[1.0,1e3,9e18,9.223372036854775807e18,-5.0e0,12300e-2]");
    expect(received).toEqual([1n, 1000n, 9000000000000000000n, 9223372036854775807n, -5n, 123n]);
  });

  it.each([
    ["9223372036854775808", "just above the range"],
    ["-9223372036854775809", "just below the range"],
    ["100000000000000000000000", "far outside the range"],
    ["1e19", "outside the range, with an exponent"],
    ["1.5", "a fraction"],
    ["1e-3", "a negative exponent"],
    ["1.0000000000000001", "a fraction JSON.parse rounds to 1"],
    ["100000.000000000001", "a fraction JSON.parse rounds to 100000"],
    ["9007199254740993.5", "a large number with a fraction"],
    ['"42"', "a string of digits"],
  ])("refuses %s (%s)", async (text, _why) => {
    const { status, problem } = await post("/ids", `[1,${text}]`);
    expect(status).toBe(400);
    expect(problem.errors).toEqual([{ path: "$[1]", expected: "64-bit integer", got: text }]);
  });
});

describe("in a body that holds an i64", () => {
  it("number fields stay finite doubles, rounded as JSON.parse rounds them", async () => {
    const { received } = await post("/transfer", '{"from":1,"to":2,"amount":12345678901234567890,"note":"n"}');
    expect(received.amount).toBe(JSON.parse("12345678901234567890"));
    const decimal = await post("/transfer", '{"from":1,"to":2,"amount":0.1e1,"note":"n"}');
    expect(decimal.received.amount).toBe(1);
    for (const amount of ["1e400", "-1e400"]) {
      const { problem } = await post("/transfer", `{"from":1,"to":2,"amount":${amount},"note":"n"}`);
      expect(problem.errors).toEqual([{ path: "$.amount", expected: "number", got: amount }]);
    }
  });

  it("unknown values get JSON.parse's numbers", async () => {
    const { received } = await post("/transfer", transfer('"meta":{"big":12345678901234567890,"f":1.5,"list":[1e2]}'));
    expect(received.meta).toEqual(JSON.parse('{"big":12345678901234567890,"f":1.5,"list":[1e2]}'));
  });

  it("digits inside strings are left alone", async () => {
    const { received } = await post("/transfer", '{"from":5,"to":6,"amount":2.5,"note":"9007199254740993.5e1"}');
    expect(received).toEqual({ from: 5n, to: 6n, amount: 2.5, note: "9007199254740993.5e1" });
  });

  it("number literals still match", async () => {
    expect((await post("/transfer", transfer('"kind":1.5'))).received.kind).toBe(1.5);
    expect((await post("/transfer", transfer('"kind":2,"ids":[12345678901234567]'))).received).toMatchObject({
      kind: 2,
      ids: [12345678901234567n],
    });
  });

  it("a repeated key takes its last value, as JSON.parse does", async () => {
    const { received } = await post("/transfer", '{"from":1,"from":12345678901234567,"to":2,"amount":1.5,"note":"n"}');
    expect(received.from).toBe(12345678901234567n);
  });

  it("text that is not JSON is a 400, whichever parser reads it", async () => {
    for (const body of ['{"from":1.5,', '{"from":01}', '{"from":1.}', "[1.5,]"]) {
      const { status, problem } = await post("/transfer", body);
      expect(status).toBe(400);
      expect(problem.detail).toMatch(/^the request body is not valid JSON: /);
    }
  });
});
