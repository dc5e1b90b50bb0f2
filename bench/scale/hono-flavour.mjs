// The "Hono by hand" flavour: the same routes registered directly on Hono, with
// the checks written inline (path parameters parsed, bodies checked and copied
// to their declared properties, responses written as JSON with exact bigint
// ids), no decorators, built with plain tsc and served with @hono/node-server.

import { dtoFile, storeFile } from "./dto-and-store.mjs";
import { controllers } from "./model.mjs";

// What one writes once per project: parameter parsers, body reading, problem answers.
const CHECKS = `import type { Context } from "hono";

const MIN_I64 = -(2n ** 63n);
const MAX_I64 = 2n ** 63n - 1n;
const JSON_TYPE = /^application\\/(?:[\\w.+-]+\\+)?json(?:\\s*;|$)/i;

export function parseI64(text: string): bigint | undefined {
  if (!/^-?\\d+$/.test(text)) return undefined;
  const value = BigInt(text);
  return value >= MIN_I64 && value <= MAX_I64 ? value : undefined;
}

export function parseNumber(text: string): number | undefined {
  if (!/^-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((element) => typeof element === "string");
}

export function problem(status: number, detail: string): Response {
  return new Response(JSON.stringify({ type: "about:blank", status, detail }), {
    status,
    headers: { "content-type": "application/problem+json" },
  });
}

export function jsonText(text: string, status = 200): Response {
  return new Response(text, { status, headers: { "content-type": "application/json" } });
}

/** The body as JSON, or the problem answer to send instead. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!JSON_TYPE.test(type)) return problem(415, "expected a JSON body with content-type application/json");
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch (error) {
    return problem(400, \`the request body is not valid JSON: \${(error as Error).message}\`);
  }
}
`;

/** `/r3` + `/{id}` is Hono's `/r3/:id`; a route "/" under a prefix is the prefix. */
function honoPath(prefix, path) {
  return path === "/" ? prefix : prefix + path.replace(/\{(\w+)\}/g, ":$1");
}

// One handler per route of the model; `on` is `app.<method>("<path>"`.
const HANDLERS = {
  list: (on) => `  ${on}, () => jsonText(\`[\${store.all().map(writeItem).join(",")}]\`));`,
  get: (on) => `  ${on}, (c) => {
    const id = parseI64(c.req.param("id"));
    if (id === undefined) return badId(c.req.param("id"));
    const item = store.find(id);
    return item ? jsonText(writeItem(item)) : missing(id);
  });`,
  create: (on, c) => `  ${on}, async (c) => {
    const body = await readJson(c);
    if (body instanceof Response) return body;
    const dto = checkCreate(body, false);
    if (!dto) return badBody();
    const item = store.add(dto as ${c.create});
    return new Response(null, { status: 201, headers: { location: \`${c.prefix}/\${item.id}\` } });
  });`,
  update: (on, c) => `  ${on}, async (c) => {
    const id = parseI64(c.req.param("id"));
    if (id === undefined) return badId(c.req.param("id"));
    const body = await readJson(c);
    if (body instanceof Response) return body;
    const dto = checkCreate(body, false);
    if (!dto) return badBody();
    const item = store.replace(id, dto as ${c.create});
    return item ? jsonText(writeItem(item)) : missing(id);
  });`,
  patch: (on) => `  ${on}, async (c) => {
    const id = parseI64(c.req.param("id"));
    if (id === undefined) return badId(c.req.param("id"));
    const body = await readJson(c);
    if (body instanceof Response) return body;
    const dto = checkCreate(body, true);
    if (!dto) return badBody();
    const item = store.patch(id, dto);
    return item ? jsonText(writeItem(item)) : missing(id);
  });`,
  remove: (on) => `  ${on}, (c) => {
    const id = parseI64(c.req.param("id"));
    if (id === undefined) return badId(c.req.param("id"));
    return store.remove(id) ? new Response(null, { status: 204 }) : missing(id);
  });`,
  byName: (on) => `  ${on}, (c) => {
    const name = c.req.param("name");
    return jsonText(\`[\${store.all().filter((item) => item.name === name).map(writeItem).join(",")}]\`);
  });`,
  quote: (on) => `  ${on}, (c) => {
    const id = parseI64(c.req.param("id"));
    if (id === undefined) return badId(c.req.param("id"));
    const quantity = parseNumber(c.req.param("quantity"));
    if (quantity === undefined) return problem(400, \`path parameter "quantity" must be a number; got \${JSON.stringify(c.req.param("quantity"))}\`);
    const item = store.find(id);
    return item ? jsonText(writeQuote({ item: item.id, quantity, total: item.price * quantity })) : missing(id);
  });`,
};

function routesFile(c, routes) {
  return `import type { Hono } from "hono";
import { isNumber, isObject, isStringArray, jsonText, parseI64, parseNumber, problem, readJson } from "../checks.js";
import type { ${c.create}, ${c.dims}, ${c.item}, ${c.quote} } from "./${c.dir}.dto.js";
import { ${c.store} } from "./${c.dir}.store.js";

function checkDims(value: unknown): ${c.dims} | undefined {
  if (!isObject(value)) return undefined;
  const { width, height, unit } = value;
  if (!isNumber(width) || !isNumber(height) || (unit !== "cm" && unit !== "in")) return undefined;
  return { width, height, unit };
}

function checkCreate(value: unknown, partial: boolean): Partial<${c.create}> | undefined {
  if (!isObject(value)) return undefined;
  const dto: Partial<${c.create}> = {};
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

function writeItem(item: ${c.item}): string {
  const { dims } = item;
  let text = \`{"id":\${item.id},"name":\${JSON.stringify(item.name)},"price":\${JSON.stringify(item.price)},"tags":\${JSON.stringify(item.tags)}\`;
  text += \`,"dims":{"width":\${JSON.stringify(dims.width)},"height":\${JSON.stringify(dims.height)},"unit":\${JSON.stringify(dims.unit)}}\`;
  if (item.note !== undefined) text += \`,"note":\${JSON.stringify(item.note)}\`;
  return text + "}";
}

function writeQuote(quote: ${c.quote}): string {
  return \`{"item":\${quote.item},"quantity":\${JSON.stringify(quote.quantity)},"total":\${JSON.stringify(quote.total)}}\`;
}

const badId = (text: string) => problem(400, \`path parameter "id" must be a 64-bit integer; got \${JSON.stringify(text)}\`);
const missing = (id: bigint) => problem(404, \`item \${id} not found\`);
const badBody = () => problem(400, "the request body does not match its declared type");

export function mount${c.className}(app: Hono): void {
  const store = new ${c.store}();

${routes.map((route) => HANDLERS[route.name](`app.${route.method.toLowerCase()}("${honoPath(c.prefix, route.path)}"`, c)).join("\n\n")}
}
`;
}

function mainFile(all) {
  const imports = all.map((c) => `import { mount${c.className} } from "./${c.dir}/${c.dir}.routes.js";`).join("\n");
  const mounts = all.map((c) => `mount${c.className}(app);`).join("\n");
  return `import { serve } from "@hono/node-server";
import { Hono } from "hono";
${imports}

const app = new Hono();
${mounts}

serve({ fetch: app.fetch, port: Number(process.env.PORT) }, (info) => {
  console.log(\`hono: listening on http://localhost:\${info.port}\`);
});
`;
}

const TSCONFIG = JSON.stringify(
  {
    compilerOptions: {
      target: "es2022",
      module: "nodenext",
      moduleResolution: "nodenext",
      lib: ["es2023"],
      types: ["node"],
      strict: true,
      skipLibCheck: true,
      rootDir: "src",
      outDir: "dist",
    },
    include: ["src"],
  },
  null,
  2,
) + "\n";

/** { relative path: text } of the hand-written Hono project. */
export function honoProject(n, routes) {
  const all = controllers(n);
  const files = { "tsconfig.json": TSCONFIG, "src/checks.ts": CHECKS, "src/main.ts": mainFile(all) };
  for (const c of all) {
    files[`src/${c.dir}/${c.dir}.dto.ts`] = dtoFile(c, { honest: false });
    files[`src/${c.dir}/${c.dir}.store.ts`] = storeFile(c);
    files[`src/${c.dir}/${c.dir}.routes.ts`] = routesFile(c, routes);
  }
  return files;
}
