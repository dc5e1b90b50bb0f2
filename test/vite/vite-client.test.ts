import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { nodeTsconfig } from "../support/node-tsconfig.js";
import { startVite, type ViteProject, writeProject } from "../support/vite-project.js";

// docs/guide/openapi-and-clients.md, "A client generated with the app": honest/vite writes the
// plugin's `client` when it analyses the program, as tspc does; the client,
// outside the program, is then loaded by Vite like any other TypeScript file,
// and calls the app in process.

let vite: ViteProject | undefined;
afterEach(async () => {
  await vite?.server.close();
  vite = undefined;
});

const controller = `import { Controller, Get, type i64, type Json, type Path } from "honest";

@Controller()
export class GreetingController {
  @Get("/greeting/{id}")
  async greet(id: Path<i64>): Promise<Json<{ id: i64; message: string }>> {
    return { id, message: "hello" };
  }
}
`;

it("writes the client on first analysis, and the client Vite loads calls the app Vite loads", async () => {
  const dir = writeProject("vite-client", {
    "tsconfig.json": nodeTsconfig({ types: [], plugins: [{ transform: "honest/transformer", client: "client/api.ts" }] }),
    "src/greeting.controller.ts": controller,
    "src/app.ts": 'import { createApp } from "honest";\n\nexport const app = createApp({ log: false });\n',
  });
  vite = await startVite(dir, { tsconfig: "tsconfig.json" });
  const { app } = await vite.server.ssrLoadModule(path.join(dir, "src/app.ts"));
  expect(readFileSync(path.join(dir, "client/api.ts"), "utf8")).toContain(
    "  readonly greeting: {\n    greet(input: { id: bigint }, options?: CallOptions): Promise<Answer<{ status: 200; data: { id: bigint; message: string } }, ApiProblem>>;\n  };",
  );
  const { createClient } = await vite.server.ssrLoadModule(path.join(dir, "client/api.ts"));
  const answer = await createClient({ fetch: app.request }).greeting.greet({ id: 9007199254740993n });
  expect([answer.ok, answer.status, answer.data]).toEqual([true, 200, { id: 9007199254740993n, message: "hello" }]);
});
