import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { honest } from "../support/generated-example.js";
import { docBlock } from "../support/readme.js";
import { buildOnlyMain } from "../support/ping-fixture.js";
import { tspcProject } from "../support/tspc-project.js";

// docs/guide/openapi-and-clients.md, "Stopping a breaking change": `honest check --against
// openapi.json` compares the program's OpenAPI document with the committed
// one and fails on each change that breaks a client of it, at file(line,col):
// in the source for an operation the program still has, in the committed
// document for one it no longer has; additive changes pass. The plugin's
// `against` option does the same in tspc's build, which then leaves the
// document as it was, so the break is reported until it is fixed or accepted.

const itemController = `import { Controller, Delete, Get, Post } from "honest";
import type { Json, MaxLength, Path, Query } from "honest";

export interface Item {
  id: string;
  name: string;
  price: number;
}

export interface NewItem {
  name: string & MaxLength<100>;
  price: number;
}

@Controller({ prefix: "/items" })
export class ItemController {
  @Get("/")
  async list({ limit }: Query<{ limit?: number }>): Promise<Json<Item[]>> {
    return [];
  }

  @Post("/")
  async create(item: Json<NewItem>): Promise<Json<Item, 201>> {
    return { id: "1", ...item };
  }

  @Delete("/{id}")
  async remove(id: Path<string>): Promise<204> {
    return 204;
  }
}
`;

const TSCONFIG_PLUGIN = { transform: path.resolve(import.meta.dirname, "../../dist/cjs/transformer/index.js"), openapi: "openapi.json" };

/** The item controller's project, tspc's plugin entry `plugin`, src/main.ts `main`. */
function itemProject(name: string, plugin: object = TSCONFIG_PLUGIN, main = buildOnlyMain) {
  return tspcProject(name, { "src/main.ts": main, "src/item.controller.ts": itemController }, { plugins: [plugin] });
}

/** The item project, built by tspc, and the openapi.json that build wrote. */
function builtItemProject(name: string, plugin?: object) {
  const project = itemProject(name, plugin);
  expect(project.tspc().status).toBe(0);
  return { project, committed: committedDocument(project) };
}

/** ItemController's DELETE route, which a breaking edit removes. */
const deleteRoute = '  @Delete("/{id}")\n  async remove(id: Path<string>): Promise<204> {\n    return 204;\n  }\n';

/** The project's openapi.json, as the build wrote it or the test left it. */
function committedDocument(project: { readonly dir: string }): string {
  return readFileSync(path.join(project.dir, "openapi.json"), "utf8");
}

it("fails on each breaking change at file(line,col), in the source or the committed document, and passes additive changes", () => {
  const { project, committed } = builtItemProject("check-against");

  // Additive: a new route, a new optional query key, a new response property, a longer name allowed.
  project.edit(
    "src/item.controller.ts",
    "  price: number;\n}\n\nexport interface NewItem",
    "  price: number;\n  tags?: string[];\n}\n\nexport interface NewItem",
  );
  project.edit("src/item.controller.ts", "{ limit?: number }", "{ limit?: number; offset?: number }");
  project.edit("src/item.controller.ts", "MaxLength<100>", "MaxLength<200>");
  project.edit(
    "src/item.controller.ts",
    '  @Delete("/{id}")',
    '  @Get("/{id}")\n  async get(id: Path<string>): Promise<Json<Item>> {\n    return { id, name: "", price: 0 };\n  }\n\n  @Delete("/{id}")',
  );
  const additive = honest(["check", "--against", "openapi.json"], project.dir);
  expect(additive.stdout).toBe("honest: no errors (4 routes).\n");
  expect(additive.status).toBe(0);

  // Breaking: a query key now required, a body property narrowed, a response property removed, a route removed.
  project.edit("src/item.controller.ts", "{ limit?: number; offset?: number }", "{ limit: number; offset?: number }");
  project.edit("src/item.controller.ts", "MaxLength<200>", "MaxLength<50>");
  project.edit("src/item.controller.ts", "  price: number;\n  tags?: string[];\n}", "  tags?: string[];\n}");
  project.edit("src/item.controller.ts", 'return { id: "1", ...item };', 'return { id: "1", name: item.name };');
  project.edit("src/item.controller.ts", 'return { id, name: "", price: 0 };', 'return { id, name: "" };');
  project.edit("src/item.controller.ts", deleteRoute, "");
  const broken = honest(["check", "--against", "openapi.json"], project.dir);
  // honest check writes nothing: the committed document is the one the first build wrote.
  expect(committedDocument(project)).toBe(committed);
  expect(lineOf(committed, '"delete"')).toBe(102);
  expect(broken.status).toBe(1);
  // What the guide shows, as it is printed.
  expect(`$ npx honest check --against openapi.json\n${broken.stdout}`).toBe(
    docBlock("docs/guide/openapi-and-clients.md", "place to fix it"),
  );
  expect(broken.stdout).toContain(
    "src/item.controller.ts(23,16): error TS991036: POST /items (ItemController.create): the application/json request body at $.name has maxLength 50, where it had 100, a break for clients written against openapi.json; accept everything it accepted before, ",
  );
});

/** The line of the first occurrence of `text`, from 1. */
function lineOf(file: string, text: string): number {
  return file.slice(0, file.indexOf(text)).split("\n").length;
}

it("in tspc's build, with the plugin's against naming the document it writes: reports the break, leaves the file, and takes it once deleted", () => {
  const plugin = { ...TSCONFIG_PLUGIN, openapi: { file: "openapi.json", against: "openapi.json" } };
  const { project, committed } = builtItemProject("check-against-plugin", plugin);

  project.edit("src/item.controller.ts", deleteRoute, "");
  const message =
    "DELETE /items/{id}: the operation was removed, a break for clients written against openapi.json; restore the route (its replacement can live beside it until clients have moved), " +
    "or version the API (a new route beside this one), or, if the break is intended, delete openapi.json and build again, which writes the new one, and commit it.";
  const line = `openapi.json(${lineOf(committed, '"delete"')},7): error TS991036: ${message}`;
  const built = project.tspc();
  expect(built.output).toContain(line);
  expect(built.status).not.toBe(0);
  expect(committedDocument(project)).toBe(committed);
  // honest check reads the plugin's against too, as tspc does.
  expect(honest(["check"], project.dir).stdout).toBe(`${line}\nhonest: 1 error.\n`);

  rmSync(path.join(project.dir, "openapi.json"));
  expect(project.tspc().status).toBe(0);
  expect(committedDocument(project)).not.toContain('"delete"');
  expect(honest(["check"], project.dir).stdout).toBe("honest: no errors (2 routes).\n");
});

it("checks a generator-mode project the same way", () => {
  const project = itemProject("check-against-generator", TSCONFIG_PLUGIN, `import "./honest.generated.js";\n${buildOnlyMain}`);
  expect(honest(["generate"], project.dir).status).toBe(0);
  const committed = committedDocument(project);
  project.edit("src/item.controller.ts", "{ limit?: number }", "{ limit: number }");
  const result = honest(["check", "--against", "openapi.json"], project.dir);
  expect(result.stdout).toBe(
    "src/item.controller.ts(18,14): error TS991036: GET /items (ItemController.list): requires the query parameter 'limit', which was optional, a break for clients written against openapi.json; " +
      "make it optional (name?: T), with a default where the handler needs one, or version the API (a new route beside this one), or, if the break is intended, delete openapi.json and build again, which writes the new one, and commit it.\n" +
      "src/honest.generated.ts: error: the module is out of date with the controllers; run `npx honest generate`.\nhonest: 2 errors.\n",
  );
  expect(result.status).toBe(1);
  expect(committedDocument(project)).toBe(committed);
});

it("says so when the committed document is missing or is not an OpenAPI document", () => {
  const project = itemProject("check-against-unreadable");
  const missing = honest(["check", "--against", "base.json"], project.dir);
  expect(missing.stdout).toBe(
    "error TS991036: the committed OpenAPI document base.json, to check for breaking changes against, does not exist; name the document your clients were written against (git show main:openapi.json > openapi.main.json writes the one on main).\nhonest: 1 error.\n",
  );
  expect(missing.status).toBe(1);
  project.write("base.json", "<<<<<<< HEAD\n");
  const conflicted = honest(["check", "--against", "base.json"], project.dir);
  expect(conflicted.stdout).toBe(
    "error TS991036: the committed OpenAPI document base.json, to check for breaking changes against, cannot be read as an OpenAPI document: it is not valid JSON; name a JSON file that honest wrote (or another OpenAPI 3 document with paths).\nhonest: 1 error.\n",
  );
  expect(conflicted.status).toBe(1);
});
