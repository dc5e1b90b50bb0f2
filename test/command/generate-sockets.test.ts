import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RunningServer } from "honest/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateAndCompile, writeGeneratorProject } from "../support/generated-example.js";
import { serveForTest } from "../support/http.js";
import { openSocket } from "../support/socket-client.js";
import { chatController, type SocketFixture, socketApp, socketProbe } from "../support/socket-fixture.js";

// docs/setup/typescript-7.md, "TypeScript 7: generator mode", and
// docs/guide/websockets.md, "WebSocket routes": the socket fixture built as
// a TypeScript 7 user builds it, `honest generate` then TypeScript 7's tsc.
// The analysis reads `Connection<In, Out>` through TypeScript 7's API, and
// the module it writes serves the sockets as the transformer's output does.

const root = path.resolve(import.meta.dirname, "../..");
const dir = path.join(root, "test/.out/generator-sockets");

let server: RunningServer;
let base: string;

beforeAll(async () => {
  writeGeneratorProject(
    dir,
    { "src/chat.controller.ts": chatController, "src/probe.ts": socketProbe, "src/app.ts": socketApp },
    { openapi: "dist/openapi.json" },
  );
  generateAndCompile(dir);
  const { createSocketApp }: SocketFixture = await import(pathToFileURL(path.join(dir, "dist/app.js")).href);
  server = serveForTest(createSocketApp());
  base = `ws://127.0.0.1:${(await server.listening).port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("WebSocket routes in generator mode", () => {
  it("writes each socket's messages and its openSocket call into the generated module", () => {
    const text = readFileSync(path.join(dir, "src/honest.generated.ts"), "utf8");
    expect(text).toContain(
      "const messages = { parse: __honest_parse_ChatIn, report: __honest_report_ChatIn, exact: true, write: __honest_write_ChatOut };",
    );
    expect(text).toContain(
      'return __honest.openSocket(c, settings, messages, connection => controllerMethod.call(controller, connection, currentUser, room), trace?.lasting(c, "socket"));',
    );
  });

  it("serves the sockets: messages exact, a bad one refused, an upgrade without credentials refused", async () => {
    const ada = await openSocket(`${base}/rooms/lobby`, { authorization: "Bearer ada-token" });
    ada.send('{"text":"hi","replyTo":9223372036854775807}');
    expect(await ada.next()).toBe('{"id":9007199254740993,"from":"ada","room":"lobby","text":"hi","replyTo":9223372036854775807}');
    ada.send("{}");
    expect(await ada.nextJson()).toMatchObject({ status: 400, errors: [{ path: "$.text" }] });
    ada.ws.close();
    await expect(openSocket(`${base}/rooms/lobby`)).rejects.toMatchObject({ status: 401 });
  });

  it("describes the sockets in the document", () => {
    const document = JSON.parse(readFileSync(path.join(dir, "dist/openapi.json"), "utf8"));
    expect(document.paths["/rooms/{room}"].get["x-websocket"]).toEqual({
      receives: { $ref: "#/components/schemas/ChatIn" },
      sends: { $ref: "#/components/schemas/ChatOut" },
    });
  });
});
