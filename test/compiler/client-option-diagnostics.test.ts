import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_APP } from "../support/client-fixture.js";
import { compileFixture, FIXTURES_ROOT } from "../support/compile.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/guide/openapi-and-clients.md, "A client generated with the app": the plugin's `client` option is
// the path of a TypeScript file; anything else is error TS991031, in the
// build, in the editor and in `honest check`, and no client is written.

const MISTAKE =
  'the honest plugin\'s "client" option is %s; write the path of the TypeScript file to generate, ' +
  'such as "client": "client/api.ts", outside the files the tsconfig.json includes.';

describe("the client option", () => {
  it.each([
    ["a number", 5, "5"],
    ["a file that is not TypeScript", "client/api.js", '"client/api.js"'],
    ["an object", { file: "client/api.ts" }, '{"file":"client/api.ts"}'],
  ])("%s is TS991031", (_kind, client, shown) => {
    const compiled = compileFixture("client-option", CLIENT_APP, {}, { plugin: { client } });
    expect(compiled.diagnostics).toEqual([
      { file: undefined, line: undefined, code: HonestCode.PluginOptions, category: "error", message: MISTAKE.replace("%s", shown) },
    ]);
    expect(existsSync(path.join(compiled.dir, "client"))).toBe(false);
  });

  it("a program with honest errors gets no client", () => {
    const file = path.join(FIXTURES_ROOT, "client-option-errors/client/api.ts");
    const broken = {
      ...CLIENT_APP,
      "src/broken.controller.ts": `
import { Controller, Get } from "honest";
import type { Json } from "honest";
@Controller()
export class BrokenController {
  @Get("/broken")
  async broken(limit: number): Promise<Json<number>> { return limit; }
}
`,
    };
    const compiled = compileFixture("client-option-errors", broken, {}, { plugin: { client: file } });
    expect(compiled.diagnostics.map(({ file, line, code }) => ({ file, line, code }))).toEqual([
      { file: "src/broken.controller.ts", line: 7, code: HonestCode.UnsupportedParameter },
    ]);
    expect(existsSync(file)).toBe(false);
  });
});
