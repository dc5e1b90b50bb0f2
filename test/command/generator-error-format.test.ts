import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Hono } from "hono";
import { beforeAll, expect, it } from "vitest";
import { copyExampleForGenerator, generateAndCompile } from "../support/generated-example.js";

// docs/guide/errors.md, "An error format the document shows", in generator mode (docs/setup/typescript-7.md):
// createApp() is not rewritten there, so the module `honest generate` writes
// carries the writers of renderError's entries, and the document their answers.
// The entries are held in a constant given as a shorthand property, and another
// app's renderError is a function in a constant typed AppOptions["renderError"],
// imported: TypeScript 7's checker finds what each shorthand names, as 6's does.

const root = path.resolve(import.meta.dirname, "../..");
const dir = path.join(root, "test/.out/generator-error-format");

const REALWORLD_APP = `import "./honest.generated.js";
import { createApp } from "honest";
import type { Json, Problem } from "honest";

/** RealWorld's error body: each fault in words. */
export interface GenericErrorModel {
  errors: { body: string[] };
}

const renderError = {
  400: (problem: Problem): Json<GenericErrorModel, 422> => ({ errors: { body: [problem.detail] } }),
  404: (): 404 => 404,
};

export const app = createApp({ log: false, renderError });
`;

const RENDER_ERROR = `import type { AppOptions } from "honest";

export const renderError: AppOptions["renderError"] = (problem) => Response.json({ errors: { body: [problem.detail] } }, { status: 422 });
`;

const FUNCTION_APP = `import "./honest.generated.js";
import { createApp } from "honest";
import { renderError } from "./render-error.js";

export const app = createApp({ log: false, renderError });
`;

let app: Hono;
beforeAll(async () => {
  copyExampleForGenerator(dir);
  writeFileSync(path.join(dir, "src/realworld.ts"), REALWORLD_APP);
  writeFileSync(path.join(dir, "src/render-error.ts"), RENDER_ERROR);
  writeFileSync(path.join(dir, "src/function-app.ts"), FUNCTION_APP);
  generateAndCompile(dir);
  app = ((await import(pathToFileURL(path.join(dir, "dist/realworld.js")).href)) as { app: Hono }).app;
}, 240_000);

it("answers with the entry's status and body, written by the module's writer", async () => {
  const response = await app.request("/items/abc");
  expect(response.status).toBe(422);
  expect(response.headers.get("content-type")).toBe("application/json");
  const body = (await response.json()) as { errors: { body: string[] } };
  expect(body.errors.body).toEqual([expect.stringMatching(/^path parameter "id" must be a 64-bit integer/)]);
});

it("lists the entry's answer in the document tsc 7's build serves", () => {
  const document = JSON.parse(readFileSync(path.join(dir, "dist/openapi.json"), "utf8"));
  const responses = document.paths["/items/{id}"].get.responses;
  expect(responses["400"]).toBeUndefined();
  expect(responses["422"].content).toEqual({ "application/json": { schema: { $ref: "#/components/schemas/GenericErrorModel" } } });
});

it("takes a function renderError from an imported constant, given as a shorthand property: its Response is the answer", async () => {
  const { app: functionApp } = (await import(pathToFileURL(path.join(dir, "dist/function-app.js")).href)) as { app: Hono };
  const response = await functionApp.request("/items/abc");
  expect(response.status).toBe(422);
  const body = (await response.json()) as { errors: { body: string[] } };
  expect(body.errors.body).toEqual([expect.stringMatching(/^path parameter "id" must be a 64-bit integer/)]);
});

it("an entry declared as a bare status answers without a body: the 404 an item route declares and returns", async () => {
  const response = await app.request("/items/999");
  expect(response.status).toBe(404);
  expect(response.headers.get("content-type")).toBeNull();
  expect(await response.text()).toBe("");
  const document = JSON.parse(readFileSync(path.join(dir, "dist/openapi.json"), "utf8"));
  expect(document.paths["/items/{id}"].get.responses["404"]).toEqual({
    description: "Not Found: the handler answers with this error. The error format answers it without a body.",
  });
});
