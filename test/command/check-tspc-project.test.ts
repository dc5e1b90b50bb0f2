import { expect, it } from "vitest";
import { honest } from "../support/generated-example.js";
import {
  breakPing,
  buildOnlyMain,
  honestDiagnostics,
  otherController,
  pingController,
  pingError,
  pingProject,
} from "../support/ping-fixture.js";
import { tspcProject } from "../support/tspc-project.js";

// docs/setup/checking-in-ci.md, "Checking in CI": `honest check` on a project tspc builds (the
// plugin entry, TypeScript 6 resolved from the project's folder) reports
// the lines tspc reports, file(line,col) relative to where it runs, and
// exits 1 on an error, 0 with the route count once it is fixed. There is no
// generated module to compare; a file importing one makes it a
// generator-mode project, checked as `honest generate` analyses it.

it("prints tspc's lines for honest's errors and exits 1; once fixed, the route count and 0", () => {
  const project = tspcProject("check-tspc-project", pingProject);
  project.edit(breakPing.file, breakPing.from, breakPing.to);

  const broken = honest(["check"], project.dir);
  expect(broken.stdout).toBe(`${pingError}\nhonest: 1 error.\n`);
  expect(broken.status).toBe(1);
  expect(honestDiagnostics(project.tspc().output)).toEqual([pingError]);

  project.edit(breakPing.file, breakPing.to, breakPing.from);
  const fixed = honest(["check"], project.dir);
  expect(fixed.stdout).toBe("honest: no errors (2 routes).\n");
  expect(fixed.status).toBe(0);
});

it("reports a mistake in the plugin's options with no file, as tspc does", () => {
  const project = tspcProject(
    "check-tspc-options",
    { "src/main.ts": buildOnlyMain, "src/other.controller.ts": otherController },
    { plugins: [{ transform: "honest/transformer", openapi: 42 }] },
  );
  const result = honest(["check"], project.dir);
  expect(result.stdout).toBe(
    'error TS991031: the honest plugin\'s "openapi" option is 42; write "openapi": "openapi.json", or "openapi": { "file": "openapi.json", "title": "My API", "version": "1.0.0", "description": "..." }, with "summary", "termsOfService", "license" (an SPDX id, or { "name", "url" } or { "name", "identifier" }), "contact": { "name", "url", "email" }, "servers": [{ "url": "/api", "description": "..." }] and "against" (the committed document to check for breaking changes) and "openapiVersion": "3.2" if you like, in the honest entry of compilerOptions.plugins.\nhonest: 1 error.\n',
  );
  expect(result.status).toBe(1);
});

it("checks a project that imports a generated module as generator mode: a class the module cannot import is an error", () => {
  const project = tspcProject("check-tspc-generated-import", {
    "src/main.ts": `import "./honest.generated.js";\n${buildOnlyMain}`,
    "src/ping.controller.ts": pingController.replace("export class PingController", "class PingController"),
  });
  const result = honest(["check"], project.dir);
  expect(result.stdout).toBe(
    "src/ping.controller.ts(5,7): error TS991012: PingController must be exported: the module that `honest generate` writes (honest.generated.ts) imports it from this file.\nhonest: 1 error.\n",
  );
  expect(result.status).toBe(1);
});
