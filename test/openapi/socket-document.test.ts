import { readFileSync } from "node:fs";
import path from "node:path";
import { validate } from "@readme/openapi-parser";
import { createConfig, lint } from "@redocly/openapi-core";
import { beforeAll, expect, it } from "vitest";
import { compileSocketFixture } from "../support/socket-fixture.js";

// docs/guide/websockets.md, "In the OpenAPI document": a socket route is the
// GET that upgrades, answering 101, with its parameters, security and error
// answers, and its messages' schemas in `x-websocket`; the document stays
// valid by both validators the example's is checked with.

const file = path.resolve("test/.out/socket-document/openapi.json");
let document: Record<string, any>;

beforeAll(() => {
  const compiled = compileSocketFixture("socket-document", { openapi: true });
  expect(compiled.diagnostics).toEqual([]);
  document = JSON.parse(readFileSync(file, "utf8"));
});

it("describes a socket route as the GET that upgrades, its messages in x-websocket", () => {
  const chat = document.paths["/rooms/{room}"].get;
  expect(Object.keys(chat.responses)).toEqual(["101", "400", "401", "426", "default"]);
  expect(chat.parameters).toMatchObject([{ name: "room", in: "path" }]);
  expect(chat["x-websocket"]).toEqual({
    receives: { $ref: "#/components/schemas/ChatIn" },
    sends: { $ref: "#/components/schemas/ChatOut" },
  });
  expect(document.components.schemas.ChatIn.properties.replyTo).toEqual({ type: "integer", format: "int64" });
  expect(Object.keys(document.paths["/echo"].get.responses)).toEqual(["101", "426", "default"]);
});

it("is valid by @readme/openapi-parser, and has no errors by Redocly's recommended rules", async () => {
  expect(await validate(document as Parameters<typeof validate>[0])).toEqual({ valid: true, warnings: [], specification: "OpenAPI" });
  const config = await createConfig({ extends: ["recommended"], rules: { "security-defined": "off" } });
  const errors = (await lint({ ref: file, config })).filter((problem) => problem.severity === "error");
  expect(errors.map((problem) => problem.message)).toEqual([]);
});
