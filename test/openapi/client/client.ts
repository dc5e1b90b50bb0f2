import { isInteger, isSafeNumber, parse, stringify } from "lossless-json";
import createClient from "openapi-fetch";
import type { components, paths } from "./paths.js";

// A client of the example as a user writes one (docs/guide/openapi-and-clients.md, "Generating a typed
// client"): openapi-fetch over the types openapi-typescript generated from
// example/dist/openapi.json, int64 as `number | bigint`. The test copies it
// beside the generated paths.ts, compiles it with strict tsc, and runs it
// against the example over a socket.

export type Item = components["schemas"]["Item"];
export type Problem = components["schemas"]["Problem"];
export type User = components["schemas"]["User"];

/** Bodies are written by lossless-json, which writes a bigint's digits (JSON.stringify throws on one). */
export function exampleClient(baseUrl: string) {
  return createClient<paths>({ baseUrl, bodySerializer: (body) => stringify(body) });
}

export type ExampleClient = ReturnType<typeof exampleClient>;

/** JSON with every integer exact: a number when a double holds it, a bigint when it does not. */
export function exactJson(text: string): unknown {
  return parse(text, null, (digits) => (isInteger(digits) && !isSafeNumber(digits) ? BigInt(digits) : Number(digits)));
}

/** A page of the items with a tag: GET /items?tag=&limit=&offset=. */
export async function itemsTagged(client: ExampleClient, tag: string, limit: number, offset: number): Promise<Item[]> {
  const { data, error } = await client.GET("/items", { params: { query: { tag, limit, offset } }, parseAs: "text" });
  if (error) throw new Error(`GET /items: ${error.detail}`);
  return exactJson(data) as Item[];
}

/** One item, its id exact however large: GET /items/{id}. */
export async function itemById(client: ExampleClient, id: bigint): Promise<Item | Problem> {
  const { data, error } = await client.GET("/items/{id}", { params: { path: { id } }, parseAs: "text" });
  return error ?? (exactJson(data) as Item);
}

/** The same item read as openapi-fetch reads JSON by default (JSON.parse): an int64 above 2^53 loses digits. */
export async function itemByIdRounded(client: ExampleClient, id: bigint): Promise<Item | undefined> {
  const { data } = await client.GET("/items/{id}", { params: { path: { id } } });
  return data;
}

/** POST /items: 201 without a body; where the new item is, from `location`. */
export async function createItem(client: ExampleClient, name: string, price: number): Promise<{ status: number; location: string | null }> {
  const { response } = await client.POST("/items", { body: { name, price, tags: ["new"] } });
  return { status: response.status, location: response.headers.get("location") };
}

/** PUT /items/{id} with an item read exactly, its bigint id and all: the body goes out with every digit. */
export async function replaceItem(client: ExampleClient, item: Item): Promise<Item | Problem> {
  const { data, error } = await client.PUT("/items/{id}", { params: { path: { id: item.id } }, body: item, parseAs: "text" });
  return error ?? (exactJson(data) as Item);
}

/** POST /items/bulk with an x-request-id: the items created, and the id echoed back. */
export async function createInBulk(
  client: ExampleClient,
  requestId: string,
  names: string[],
): Promise<{ status: number; items: Item[]; requestId: string | null }> {
  const body = names.map((name) => ({ name, price: 1 }));
  const { data, error, response } = await client.POST("/items/bulk", {
    params: { header: { "x-request-id": requestId } },
    body,
    parseAs: "text",
  });
  if (error) throw new Error(`POST /items/bulk: ${error.detail}`);
  return { status: response.status, items: exactJson(data) as Item[], requestId: response.headers.get("x-request-id") };
}

/** GET /me with a bearer token, or without one: the user, or the 401's problem. */
export async function me(client: ExampleClient, token?: string): Promise<User | Problem> {
  const { data, error } = await client.GET("/me", token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });
  return data ?? error;
}

/** A query out of its declared bounds: the 400 is typed as the document's Problem, so its faults are there to read. */
export async function pageTooSmall(client: ExampleClient): Promise<{ status: number; problem: Problem | undefined; faults: string[] }> {
  const { error, response } = await client.GET("/items", { params: { query: { limit: 0 } } });
  const faults = error?.errors?.map((fault) => `${fault.path}: ${fault.expected}, got ${fault.got}`) ?? [];
  return { status: response.status, problem: error, faults };
}
