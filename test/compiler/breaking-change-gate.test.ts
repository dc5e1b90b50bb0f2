import { copyFileSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/guide/openapi-and-clients.md, "Stopping a breaking change": the transformer, given the
// plugin's `against`, compares the document it builds with the committed one
// and reports TS991036 on each change that breaks a client of it: where the
// source has the route, at the source (a narrowed input at its parameter, a
// response at the return type); a route gone, in the committed document.

const controller = (limit: string, withDelete: boolean) => `
import { Controller, Delete, Get } from "honest";
import type { Json, Path, Query } from "honest";
import type { Maximum } from "honest";

export interface Order { id: string; total: number }

@Controller({ prefix: "/orders" })
export class OrderController {
  @Get("/")
  async list({ limit }: Query<{ limit?: ${limit} }>): Promise<Json<Order[]>> {
    return [];
  }
${
  withDelete
    ? `
  @Delete("/{id}")
  async remove(id: Path<string>): Promise<204> {
    return 204;
  }
`
    : ""
}}
`;

const app = `import { createApp } from "honest";\nexport const app = createApp({ log: false });\n`;

it("reports a narrowed input at its parameter in the .ts source, and a route removed in the committed document", () => {
  const written = path.resolve(import.meta.dirname, "../.out/gate-openapi.json");
  const committed = path.resolve(import.meta.dirname, "../.out/gate-committed.json");
  rmSync(written, { force: true });
  const first = compileFixture(
    "gate-committed",
    { "src/orders.ts": controller("number", true), "src/app.ts": app },
    {},
    { plugin: { openapi: written } },
  );
  expect(first.diagnostics).toEqual([]);
  copyFileSync(written, committed);

  const plugin = { openapi: { file: written, against: committed } };
  const same = compileFixture("gate-same", { "src/orders.ts": controller("number", true), "src/app.ts": app }, {}, { plugin });
  expect(same.diagnostics).toEqual([]);

  const narrowed = compileFixture(
    "gate-narrowed",
    { "src/orders.ts": controller("number & Maximum<100>", false), "src/app.ts": app },
    {},
    { plugin },
  );
  const tail =
    `a break for clients written against ${committed}; %s, or version the API (a new route beside this one), ` +
    `or, if the break is intended, copy the new document over ${committed}.`;
  const text = readFileSync(committed, "utf8");
  expect(narrowed.diagnostics).toEqual([
    {
      file: "src/orders.ts",
      line: 11,
      code: HonestCode.BreakingChange,
      category: "error",
      message: `GET /orders (OrderController.list): the query parameter 'limit' has maximum 100, which it did not, ${tail.replace("%s", "accept everything it accepted before")}`,
    },
    {
      file: "../gate-committed.json",
      line: text.slice(0, text.indexOf('"delete"')).split("\n").length,
      code: HonestCode.BreakingChange,
      category: "error",
      message: `DELETE /orders/{id}: the operation was removed, ${tail.replace("%s", "restore the route (its replacement can live beside it until clients have moved)")}`,
    },
  ]);
  // A build that breaks the committed document leaves the written one as it was.
  expect(readFileSync(written, "utf8")).toBe(text);
});
