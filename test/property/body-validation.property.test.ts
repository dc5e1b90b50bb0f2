import fc from "fast-check";
import type { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { BodyFault } from "../../runtime/index.js";
import { exampleApp, exampleModule, problemOf } from "../support/example.js";

// Property-based: random CreateDto / UpdateDto / PatchDto bodies, valid or
// corrupted, sent to the example app. The validator honest generates from
// each type must agree with a reference judgement written here, from the
// rules alone: a valid body reaches the handler with only its declared
// properties; an invalid one is a 400 listing every fault, in declaration
// order, and changes nothing.

// ---------------------------------------------------------------------------
// The DTOs, as data (example/src/items/item.ts)

type Kind = "create" | "update" | "patch";
type FieldType = "string" | "number" | "boolean" | "string[]";

const FIELDS: readonly (readonly [name: string, type: FieldType])[] = [
  ["name", "string"],
  ["price", "number"],
  ["tags", "string[]"],
  ["inStock", "boolean"],
];
const DECLARED = FIELDS.map(([name]) => name);

const REQUIRED: Record<Kind, readonly string[]> = {
  create: ["name", "price"],
  update: ["name", "price", "tags", "inStock"],
  patch: [],
};

// ---------------------------------------------------------------------------
// Reference judgement

/** The first 40 UTF-16 units of a long string, without splitting an emoji or other surrogate pair. */
function cut(text: string): string {
  const head = text.slice(0, 40);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, 39) : head;
}

/** What a 400 says it got for a value. */
function got(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? cut(value) + "…" : value);
  if (typeof value === "number" || typeof value === "boolean") return JSON.stringify(value);
  if (Array.isArray(value)) return `array of ${value.length} ${value.length === 1 ? "item" : "items"}`;
  return "object";
}

/** The faults of one declared property's value (present in the body). */
function fieldErrors(path: string, type: FieldType, value: unknown): BodyFault[] {
  if (type !== "string[]") return typeof value === type ? [] : [{ path, expected: type, got: got(value) }];
  if (!Array.isArray(value)) return [{ path, expected: "array", got: got(value) }];
  return value.flatMap((element, index) =>
    typeof element === "string" ? [] : [{ path: `${path}[${index}]`, expected: "string", got: got(element) }],
  );
}

/** Every fault of a body (as the server parsed it) against a DTO kind, at most 100; none means valid. */
function judge(kind: Kind, body: unknown): BodyFault[] {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return [{ path: "$", expected: "object", got: got(body) }];
  const errors: BodyFault[] = [];
  for (const [name, type] of FIELDS) {
    const path = `$.${name}`;
    if (Object.hasOwn(body, name)) errors.push(...fieldErrors(path, type, (body as Record<string, unknown>)[name]));
    else if (REQUIRED[kind].includes(name)) errors.push({ path, expected: type === "string[]" ? "array" : type, got: "missing" });
  }
  return errors.slice(0, 100);
}

/** The declared properties a body has: what the handler must receive. */
function declaredPart(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(DECLARED.filter((name) => Object.hasOwn(body, name)).map((name) => [name, body[name]]));
}

// ---------------------------------------------------------------------------
// Arbitraries

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string() },
  // Without U+0000: the example's stores refuse it, as PostgreSQL's text cannot hold it (test/database), a refusal of
  // the store that the body's check, judged here, knows nothing of.
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 50 }).map((value) => value.replaceAll("\u0000", "\u0001")) },
  { weight: 1, arbitrary: fc.string({ unit: fc.oneof(fc.constant("a"), fc.constant("😀"), loneSurrogate), minLength: 36, maxLength: 46 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 38, maxLength: 44 }) },
);
const number = fc.double({ noNaN: true, noDefaultInfinity: true });
const tags = fc.array(text, { maxLength: 5 });
const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

const createDto = fc.record({ name: text, price: number, tags, inStock: fc.boolean() }, { requiredKeys: ["name", "price"] });
const updateDto = fc.record({ name: text, price: number, tags, inStock: fc.boolean() });
const patchDto = fc.record({ name: text, price: number, tags, inStock: fc.boolean() }, { requiredKeys: [] });
const DTO: Record<Kind, fc.Arbitrary<Record<string, unknown>>> = { create: createDto, update: updateDto, patch: patchDto };

/** Keys that are not declared, some of them meaningful to JavaScript objects. */
const extraKey = fc
  .oneof(fc.string(), fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "Name", "price ", "tags[0]", "id", ""))
  .filter((key) => !DECLARED.includes(key));
const extras = fc.dictionary(extraKey, anyJson, { maxKeys: 3 });

/** Entries in a random order, as a fresh object (own properties even for "__proto__"). */
function shuffled(entries: [string, unknown][]): fc.Arbitrary<Record<string, unknown>> {
  return fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length }).map((order) => Object.fromEntries(order));
}

/** A valid DTO, sometimes with undeclared properties mixed in. */
function validBody(kind: Kind): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(DTO[kind], fc.option(extras, { nil: {} }))
    .chain(([dto, more]) => shuffled([...Object.entries(more), ...Object.entries(dto)]));
}

/** A JSON value whose type is not `type`: null, another scalar, an array, an object (tags' elements are corrupted apart). */
function wrongFor(type: FieldType): fc.Arbitrary<unknown> {
  const isType = (value: unknown) => (type === "string[]" ? Array.isArray(value) : typeof value === type);
  return fc
    .oneof(
      fc.constant(null),
      text,
      number,
      fc.boolean(),
      fc.array(anyJson, { maxLength: 3 }),
      fc.dictionary(fc.string(), anyJson, { maxKeys: 3 }),
    )
    .filter((value) => !isType(value));
}

type Action = { do: "keep" } | { do: "delete" } | { do: "set"; value: unknown };

function action(type: FieldType): fc.Arbitrary<Action> {
  const choices: fc.WeightedArbitrary<Action>[] = [
    { weight: 4, arbitrary: fc.constant({ do: "keep" as const }) },
    { weight: 1, arbitrary: fc.constant({ do: "delete" as const }) },
    { weight: 2, arbitrary: wrongFor(type).map((value) => ({ do: "set" as const, value })) },
    { weight: 1, arbitrary: anyJson.map((value) => ({ do: "set" as const, value })) },
  ];
  if (type === "string[]") {
    // Arrays with some elements of other types, and now and then more bad elements than a 400 lists.
    const mixed = fc.array(fc.oneof(text, wrongFor("string")), { minLength: 1, maxLength: 6 });
    const flood = fc.array(wrongFor("string"), { minLength: 95, maxLength: 130 });
    choices.push({ weight: 2, arbitrary: mixed.map((value) => ({ do: "set" as const, value })) });
    choices.push({ weight: 1, arbitrary: flood.map((value) => ({ do: "set" as const, value })) });
  }
  return fc.oneof(...choices);
}

/** A valid body with some declared properties deleted or replaced. */
function corruptedObject(kind: Kind): fc.Arbitrary<Record<string, unknown>> {
  const actions = fc.tuple(...FIELDS.map(([, type]) => action(type)));
  return fc.tuple(validBody(kind), actions).map(([body, chosen]) => {
    const copy: Record<string, unknown> = Object.fromEntries(Object.entries(body));
    FIELDS.forEach(([name], index) => {
      const act = chosen[index]!;
      if (act.do === "delete") delete copy[name];
      else if (act.do === "set") copy[name] = act.value;
    });
    return copy;
  });
}

/** A body that is not an object at all. */
function nonObject(kind: Kind): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constant(null),
    text,
    number,
    fc.boolean(),
    fc.array(anyJson, { maxLength: 4 }),
    validBody(kind).map((dto) => [dto]),
  );
}

function anyBody(kind: Kind): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: validBody(kind) },
    { weight: 3, arbitrary: corruptedObject(kind) },
    { weight: 1, arbitrary: nonObject(kind) },
  );
}

// ---------------------------------------------------------------------------
// The app, with a store that records what the handlers pass it

interface Store {
  add(dto: unknown): unknown;
  replace(id: bigint, dto: unknown): unknown;
  patch(id: bigint, dto: unknown): unknown;
}

interface Fixture {
  app: Hono;
  /** The DTOs the handlers passed to the store, in order. */
  received: unknown[];
}

async function fixture(): Promise<Fixture> {
  const { ItemStore } = await exampleModule<{ ItemStore: new () => object }>("items/item-store.js");
  const { MemoryItemStore } = await exampleModule<{ MemoryItemStore: new () => Store }>("items/memory-item-store.js");
  // In memory: a database per run would cost a second or more; its bulk write adds each item through add().
  const store = new MemoryItemStore();
  const received: unknown[] = [];
  const add = store.add.bind(store);
  const replace = store.replace.bind(store);
  const patch = store.patch.bind(store);
  Object.assign(store, {
    add: (dto: unknown) => {
      received.push(dto);
      return add(dto);
    },
    replace: (id: bigint, dto: unknown) => {
      received.push(dto);
      return replace(id, dto);
    },
    patch: (id: bigint, dto: unknown) => {
      received.push(dto);
      return patch(id, dto);
    },
  });
  return { app: await exampleApp({ providers: [[ItemStore, store]] }), received };
}

function send(app: Hono, method: string, path: string, body: string): Promise<Response> {
  return Promise.resolve(app.request(path, { method, headers: { "content-type": "application/json" }, body }));
}

async function getJson(app: Hono, path: string): Promise<unknown> {
  const response = await app.request(path);
  expect(response.status).toBe(200);
  return response.json();
}

/** Checks a 400 against the reference's errors. */
async function expectRejected(response: Response, errors: BodyFault[]): Promise<void> {
  expect(response.status).toBe(400);
  const problem = await problemOf(response);
  expect(problem).toMatchObject({ type: "about:blank", title: "Bad Request", status: 400 });
  expect(typeof problem.detail).toBe("string");
  expect(problem.errors).toStrictEqual(errors);
}

/**
 * Sends each generated body as JSON text; the reference judges that text as
 * the server parses it (JSON.stringify writes -0 as 0, for one).
 */
function bodyProperty(kind: Kind, check: (fixture: Fixture, text: string, sent: unknown, errors: BodyFault[]) => Promise<void>) {
  const seen = { valid: 0, invalid: 0 };
  const property = fc.asyncProperty(anyBody(kind), async (body) => {
    const text = JSON.stringify(body);
    const sent: unknown = JSON.parse(text);
    const errors = judge(kind, sent);
    seen[errors.length === 0 ? "valid" : "invalid"]++;
    await check(await fixture(), text, sent, errors);
  });
  return { property, seen };
}

const RUNS = 200;

const ITEM_KEYS = ["id", "name", "price", "tags", "inStock"];

type BodyCheck = Parameters<typeof bodyProperty>[1];
type Fields = Record<string, unknown>;

/** Runs the body property of `kind` RUNS times, and expects valid and invalid bodies each in more than a tenth of the runs. */
async function assertBodyProperty(kind: Kind, check: BodyCheck): Promise<void> {
  const { property, seen } = bodyProperty(kind, check);
  await fc.assert(property, { numRuns: RUNS });
  expect(seen.valid).toBeGreaterThan(RUNS / 10);
  expect(seen.invalid).toBeGreaterThan(RUNS / 10);
}

/** A PUT or PATCH of the item at `path`: a valid body answers 200 with `updated(before, body)`, which is stored; a refused one changes nothing. */
function updateCheck(method: "PUT" | "PATCH", path: string, updated: (before: Fields, body: Fields) => Fields): BodyCheck {
  return async ({ app, received }, text, sent, errors) => {
    const before = (await getJson(app, path)) as Fields;
    const response = await send(app, method, path, text);
    if (errors.length === 0) {
      const body = sent as Fields;
      expect(response.status).toBe(200);
      expect(received).toStrictEqual([declaredPart(body)]);
      const expected = updated(before, body);
      const answered = (await response.json()) as Fields;
      expect(Object.keys(answered)).toStrictEqual(ITEM_KEYS);
      expect(answered).toStrictEqual(expected);
      expect(await getJson(app, path)).toStrictEqual(expected);
    } else {
      await expectRejected(response, errors);
      expect(received).toStrictEqual([]);
      expect(await getJson(app, path)).toStrictEqual(before);
    }
  };
}

describe("generated body validators agree with a reference judgement", () => {
  it("POST /items with CreateDto bodies", async () => {
    await assertBodyProperty("create", async ({ app, received }, text, sent, errors) => {
      const response = await send(app, "POST", "/items", text);
      if (errors.length === 0) {
        const body = sent as Record<string, unknown>;
        expect(response.status).toBe(201);
        expect(received).toStrictEqual([declaredPart(body)]);
        const location = response.headers.get("location");
        expect(location).toBe("/items/4");
        const item = (await getJson(app, location!)) as Record<string, unknown>;
        expect(Object.keys(item)).toStrictEqual(ITEM_KEYS);
        expect(item).toStrictEqual({ id: 4, name: body.name, price: body.price, tags: body.tags ?? [], inStock: body.inStock ?? true });
        expect(((await getJson(app, "/items")) as unknown[]).length).toBe(4);
      } else {
        await expectRejected(response, errors);
        expect(received).toStrictEqual([]);
        expect(((await getJson(app, "/items")) as unknown[]).length).toBe(3);
      }
    });
  });

  it("PUT /items/1 with UpdateDto bodies", async () => {
    await assertBodyProperty(
      "update",
      updateCheck("PUT", "/items/1", (_before, body) => ({
        id: 1,
        name: body.name,
        price: body.price,
        tags: body.tags,
        inStock: body.inStock,
      })),
    );
  });

  it("PATCH /items/2 with PatchDto bodies", async () => {
    await assertBodyProperty(
      "patch",
      updateCheck("PATCH", "/items/2", (before, body) => ({ ...before, ...declaredPart(body), id: 2 })),
    );
  });
});
