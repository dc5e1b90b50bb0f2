// The honest flavour: decorated controllers as in example/src, built with
// tspc and honest's transformer (tsconfig.json), or with plain tsc
// (tsconfig.tsc.json, the same sources without the plugin).

import { dtoFile, storeFile } from "./dto-and-store.mjs";
import { controllers } from "./model.mjs";

const HANDLERS = {
  list: (c) => `  @Get("/")
  async list(): Promise<Json<${c.item}[]>> {
    return this.store.all();
  }`,
  get: (c) => `  @Get("/{id}")
  async get(id: Path<i64>): Promise<Json<${c.item}>> {
    return this.store.find(id) ?? missing(id);
  }`,
  create: (c) => `  @Post("/")
  async create(body: Json<${c.create}>, c: Context): Promise<StatusCode> {
    const item = this.store.add(body);
    c.header("location", \`${c.prefix}/\${item.id}\`);
    return StatusCode.CREATED;
  }`,
  update: (c) => `  @Put("/{id}")
  async update(id: Path<i64>, body: Json<${c.create}>): Promise<Json<${c.item}>> {
    return this.store.replace(id, body) ?? missing(id);
  }`,
  patch: (c) => `  @Patch("/{id}")
  async patch(id: Path<i64>, body: Json<Partial<${c.create}>>): Promise<Json<${c.item}>> {
    return this.store.patch(id, body) ?? missing(id);
  }`,
  remove: () => `  @Delete("/{id}")
  async remove(id: Path<i64>): Promise<StatusCode> {
    if (!this.store.remove(id)) missing(id);
    return StatusCode.NO_CONTENT;
  }`,
  byName: (c) => `  @Get("/by-name/{name}")
  async byName(name: Path<string>): Promise<Json<${c.item}[]>> {
    return this.store.all().filter((item) => item.name === name);
  }`,
  quote: (c) => `  @Get("/{id}/quote/{quantity}")
  async quote([id, quantity]: Path<[i64, number]>): Promise<Json<${c.quote}>> {
    const item = this.store.find(id) ?? missing(id);
    return { item: item.id, quantity, total: item.price * quantity };
  }`,
};

function controllerFile(c, routes) {
  return `import { Controller, Delete, Get, HttpError, Patch, Post, Put, StatusCode } from "honest";
import type { i64, Inject, Json, Path } from "honest";
import type { Context } from "hono";
import type { ${c.create}, ${c.item}, ${c.quote} } from "./${c.dir}.dto.js";
import { ${c.store} } from "./${c.dir}.store.js";

@Controller({ prefix: "${c.prefix}" })
export class ${c.className} {
  declare readonly store: Inject<${c.store}>;

${routes.map((route) => HANDLERS[route.name](c)).join("\n\n")}
}

function missing(id: bigint): never {
  throw new HttpError(StatusCode.NOT_FOUND, \`item \${id} not found\`);
}
`;
}

const MAIN = `import { createApp, serve } from "honest";

const app = createApp();
serve(app, { port: Number(process.env.PORT) });
`;

function tsconfig({ plugin, outDir }) {
  const compilerOptions = {
    target: "es2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    lib: ["es2023"],
    types: ["node"],
    strict: true,
    skipLibCheck: true,
    rootDir: "src",
    outDir,
  };
  if (plugin) compilerOptions.plugins = [{ transform: plugin }];
  return JSON.stringify({ compilerOptions, include: ["src"] }, null, 2) + "\n";
}

/** { relative path: text } of the honest flavour's project. `plugin`: absolute path of the built transformer. */
export function honestProject(n, routes, plugin) {
  const files = {
    "tsconfig.json": tsconfig({ plugin, outDir: "dist" }),
    "tsconfig.tsc.json": tsconfig({ outDir: "dist-tsc" }),
    "src/main.ts": MAIN,
  };
  for (const c of controllers(n)) {
    files[`src/${c.dir}/${c.dir}.dto.ts`] = dtoFile(c, { honest: true });
    files[`src/${c.dir}/${c.dir}.store.ts`] = storeFile(c);
    files[`src/${c.dir}/${c.dir}.controller.ts`] = controllerFile(c, routes);
  }
  return files;
}
