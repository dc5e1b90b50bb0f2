import { readFileSync } from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import { beforeAll, expect, it, vi } from "vitest";
import { compileFixture } from "../support/compile.js";
import { docBlock } from "../support/readme.js";
import { repositoryRoot } from "../support/working-tree.js";

// docs/guide/openapi-and-clients.md, "A published spec, operation for
// operation": the RealWorld routes it shows build as they are, and the
// document the build writes has what the page says it has.

const PAGE = "docs/guide/openapi-and-clients.md";
const file = path.resolve(import.meta.dirname, "../.out/realworld-spec-openapi.json");
let app: Hono;
beforeAll(async () => {
  const compiled = compileFixture(
    "realworld-spec",
    { "src/conduit.ts": docBlock(PAGE, "written to its spec, in `src/conduit.ts`:") },
    {},
    { plugin: { openapi: { file, title: "Conduit", version: "1.0.0" } } },
  );
  expect(compiled.diagnostics).toEqual([]);
  // README's createApp() keeps the default log: the route table, printed once as the module loads.
  const printed = vi.spyOn(console, "log").mockImplementation(() => {});
  app = (await compiled.load<{ app: Hono }>("src/conduit.ts")).app;
  expect(printed).toHaveBeenCalledTimes(1);
  expect(String(printed.mock.calls[0]![0])).toMatch(/^Route mappings:\n/);
  printed.mockRestore();
});

it("has, among the rest, what the page shows", () => {
  const document = JSON.parse(readFileSync(file, "utf8"));
  expect(document).toMatchObject(JSON.parse(docBlock(PAGE, "The document has, among the rest")));
});

it("answers PUT /user with {} as the page says", async () => {
  const response = await app.request("/user", {
    method: "PUT",
    headers: { authorization: "Token jwt", "content-type": "application/json" },
    body: "{}",
  });
  expect(response.status).toBe(422);
  const said = /`PUT \/user`'s `\{\}` is a 422\n`(.+)`\)/.exec(readFileSync(path.join(repositoryRoot, PAGE), "utf8"));
  expect(await response.text()).toBe(said![1]);
});
