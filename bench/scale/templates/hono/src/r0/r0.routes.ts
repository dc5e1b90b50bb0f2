import type { Hono } from "hono";
import { isNumber, isObject, isStringArray, jsonText, parseI64, parseNumber, problem, readJson } from "../checks.js";
import type { Create0, Dims0, Item0, Quote0 } from "./r0.dto.js";
import { Store0 } from "./r0.store.js";

function checkDims(value: unknown): Dims0 | undefined {
  if (!isObject(value)) return undefined;
  const { width, height, unit } = value;
  if (!isNumber(width) || !isNumber(height) || (unit !== "cm" && unit !== "in")) return undefined;
  return { width, height, unit };
}

function checkCreate(value: unknown, partial: boolean): Partial<Create0> | undefined {
  if (!isObject(value)) return undefined;
  const dto: Partial<Create0> = {};
  if (value.name !== undefined) {
    if (typeof value.name !== "string") return undefined;
    dto.name = value.name;
  } else if (!partial) return undefined;
  if (value.price !== undefined) {
    if (!isNumber(value.price)) return undefined;
    dto.price = value.price;
  } else if (!partial) return undefined;
  if (value.tags !== undefined) {
    if (!isStringArray(value.tags)) return undefined;
    dto.tags = [...value.tags];
  }
  if (value.dims !== undefined) {
    const dims = checkDims(value.dims);
    if (!dims) return undefined;
    dto.dims = dims;
  } else if (!partial) return undefined;
  if (value.note !== undefined) {
    if (typeof value.note !== "string") return undefined;
    dto.note = value.note;
  }
  return dto;
}

function writeItem(item: Item0): string {
  const { dims } = item;
  let text = `{"id":${item.id},"name":${JSON.stringify(item.name)},"price":${JSON.stringify(item.price)},"tags":${JSON.stringify(item.tags)}`;
  text += `,"dims":{"width":${JSON.stringify(dims.width)},"height":${JSON.stringify(dims.height)},"unit":${JSON.stringify(dims.unit)}}`;
  if (item.note !== undefined) text += `,"note":${JSON.stringify(item.note)}`;
  return text + "}";
}

function writeQuote(quote: Quote0): string {
  return `{"item":${quote.item},"quantity":${JSON.stringify(quote.quantity)},"total":${JSON.stringify(quote.total)}}`;
}

const badId = (text: string) => problem(400, `path parameter "id" must be a 64-bit integer; got ${JSON.stringify(text)}`);
const missing = (id: bigint) => problem(404, `item ${id} not found`);
const badBody = () => problem(400, "the request body does not match its declared type");

export function mount(app: Hono): void {
  const store = new Store0();

  app.get("/r0", () => jsonText(`[${store.all().map(writeItem).join(",")}]`));

  app.get("/r0/:id", (c) => {
    const id = parseI64(c.req.param("id"));
    if (id === undefined) return badId(c.req.param("id"));
    const item = store.find(id);
    return item ? jsonText(writeItem(item)) : missing(id);
  });

  app.post("/r0", async (c) => {
    const body = await readJson(c);
    if (body instanceof Response) return body;
    const dto = checkCreate(body, false);
    if (!dto) return badBody();
    const item = store.add(dto as Create0);
    return new Response(null, { status: 201, headers: { location: `/r0/${item.id}` } });
  });

  app.put("/r0/:id", async (c) => {
    const id = parseI64(c.req.param("id"));
    if (id === undefined) return badId(c.req.param("id"));
    const body = await readJson(c);
    if (body instanceof Response) return body;
    const dto = checkCreate(body, false);
    if (!dto) return badBody();
    const item = store.replace(id, dto as Create0);
    return item ? jsonText(writeItem(item)) : missing(id);
  });

  app.patch("/r0/:id", async (c) => {
    const id = parseI64(c.req.param("id"));
    if (id === undefined) return badId(c.req.param("id"));
    const body = await readJson(c);
    if (body instanceof Response) return body;
    const dto = checkCreate(body, true);
    if (!dto) return badBody();
    const item = store.patch(id, dto);
    return item ? jsonText(writeItem(item)) : missing(id);
  });

  app.delete("/r0/:id", (c) => {
    const id = parseI64(c.req.param("id"));
    if (id === undefined) return badId(c.req.param("id"));
    return store.remove(id) ? new Response(null, { status: 204 }) : missing(id);
  });

  app.get("/r0/by-name/:name", (c) => {
    const name = c.req.param("name");
    return jsonText(
      `[${store
        .all()
        .filter((item) => item.name === name)
        .map(writeItem)
        .join(",")}]`,
    );
  });

  app.get("/r0/:id/quote/:quantity", (c) => {
    const id = parseI64(c.req.param("id"));
    if (id === undefined) return badId(c.req.param("id"));
    const quantity = parseNumber(c.req.param("quantity"));
    if (quantity === undefined)
      return problem(400, `path parameter "quantity" must be a number; got ${JSON.stringify(c.req.param("quantity"))}`);
    const item = store.find(id);
    return item ? jsonText(writeQuote({ item: item.id, quantity, total: item.price * quantity })) : missing(id);
  });
}
