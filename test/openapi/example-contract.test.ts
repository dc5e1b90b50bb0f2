import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { exampleDir } from "../support/example.js";
import { honest } from "../support/generated-example.js";

// docs/guide/openapi-and-clients.md, "Stopping a breaking change": the example keeps its published
// contract, example/openapi.json (its document as honest wrote it), and
// `honest check --against` holds the example's routes to it: a change that
// breaks a client of it fails here with the line to fix. An intended break
// is accepted by copying the built document over it (npm run build:example,
// then cp example/dist/openapi.json example/openapi.json).

const root = path.resolve(exampleDir, "..");

it("the example's routes break no client of its committed document", () => {
  const result = honest(["check", "-p", "example/tsconfig.json", "--against", "example/openapi.json"], root);
  expect(result.stdout).toMatch(/^honest: no errors \(\d+ routes\)\.\n$/);
  expect(result.status).toBe(0);
});

it("the committed document is one honest wrote, with the example's title", () => {
  const committed = JSON.parse(readFileSync(path.join(exampleDir, "openapi.json"), "utf8"));
  expect(committed.openapi).toBe("3.1.0");
  expect(committed.info.title).toBe("honest example: items, todos and posts");
  expect(Object.keys(committed.paths).length).toBeGreaterThan(10);
});
