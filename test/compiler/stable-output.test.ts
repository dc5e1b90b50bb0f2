import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { exampleDir } from "../support/example.js";

// Generated names depend only on their own file: adding a file to the program,
// even one with types of its own that the table numbers first, leaves every
// other file's output byte for byte as it was, so a rebuild's diff and a
// stack trace change only where the source did.

function exampleSources(): Record<string, string> {
  const sources: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".ts")) sources[path.relative(exampleDir, full)] = readFileSync(full, "utf8");
    }
  };
  walk(path.join(exampleDir, "src"));
  return sources;
}

const ADDED_CONTROLLER = `
import { Controller, Post } from "honest";
import type { Json } from "honest";

export interface CreateDto { label: string }
export interface Item { label: string; count: number }

@Controller({ prefix: "/aaa" })
export class AaaController {
  @Post("/")
  async create(body: Json<CreateDto>): Promise<Json<Item>> {
    return { label: body.label, count: 1 };
  }
}
`;

describe("generated code is stable per file", () => {
  it("adding a controller file leaves every other file's output byte-identical (but app.ts, which mounts it)", () => {
    const sources = exampleSources();
    const before = compileFixture("stable-output-before", sources);
    const after = compileFixture("stable-output-after", { "src/aaa.controller.ts": ADDED_CONTROLLER, ...sources });
    expect(before.diagnostics).toEqual([]);
    expect(after.diagnostics).toEqual([]);
    const files = Object.keys(sources).filter((file) => file !== "src/app.ts");
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(after.output(file), file).toBe(before.output(file));
    expect(after.output("src/app.ts")).toContain("AaaController");
    expect(before.output("src/items/item.controller.ts")).toContain("function __honest_parse_CreateDto(");
  });

  it("two types of one name in a file get the name and the name numbered, in the order the file uses them", () => {
    const compiled = compileFixture("stable-output-same-names", {
      "src/a.ts": "export interface Item { a: string }\n",
      "src/b.ts": "export interface Item { b: number }\n",
      "src/controller.ts": `
import { Controller, Get } from "honest";
import type { Json } from "honest";
import type { Item as A } from "./a.js";
import type { Item as B } from "./b.js";

@Controller()
export class TwoItems {
  @Get("/b")
  async b(): Promise<Json<B>> { return { b: 1 }; }

  @Get("/a")
  async a(): Promise<Json<A>> { return { a: "x" }; }
}
`,
    });
    expect(compiled.diagnostics).toEqual([]);
    const output = compiled.output("src/controller.ts");
    expect(output).toMatch(/function __honest_write_Item\(value\) \{[\s\S]*?"\{\\"b\\":"/);
    expect(output).toMatch(/function __honest_write_Item_2\(value\) \{[\s\S]*?"\{\\"a\\":"/);
  });
});
