// The sources of the user project: a PingController whose route an
// edit breaks (TS991009) and the next edit mends, beside an OtherController
// that does not change, and a main.ts that builds the app.

export const pingController = `import { Controller, Get } from "honest";
import type { Json, Path } from "honest";

@Controller()
export class PingController {
  @Get("/ping/{id}")
  async ping(id: Path<string>): Promise<Json<string>> {
    return id;
  }
}
`;

/** A controller whose one GET route answers a fixed string. */
function constantController(className: string, method: string, route: string): string {
  return `import { Controller, Get } from "honest";
import type { Json } from "honest";

@Controller()
export class ${className} {
  @Get("${route}")
  async ${method}(): Promise<Json<string>> {
    return "${method}";
  }
}
`;
}

export const otherController = constantController("OtherController", "other", "/other");

/** Edits PingController.ping to lose its Path parameter; the reverse edit mends it. */
export const breakPing = {
  file: "src/ping.controller.ts",
  from: "async ping(id: Path<string>): Promise<Json<string>> {\n    return id;",
  to: 'async ping(): Promise<Json<string>> {\n    return "pong";',
} as const;

export const pingError =
  "src/ping.controller.ts(7,9): error TS991009: GET /ping/{id} (PingController.ping): the path has {id} but the handler has no Path parameter; add one, such as 'id: Path<string>'.";

/** A main.ts that builds the app, which prints the route table or refuses to start. */
export const buildOnlyMain = `import { createApp } from "honest";

createApp();
`;

/** The project as tspc builds it: main.ts building the app, PingController and OtherController. */
export const pingProject = {
  "src/main.ts": buildOnlyMain,
  "src/ping.controller.ts": pingController,
  "src/other.controller.ts": otherController,
} as const;

/** A main.ts that serves the app on PORT. */
export const servingMain = `import { createApp } from "honest";
import { serve } from "honest/node";

serve(createApp(), { port: Number(process.env.PORT) });
`;

/** A controller added later whose route is OtherController's: TS991013, reported at it (its file sorts last). */
export const duplicateController = constantController("ZetaController", "zeta", "/other");

export const duplicateError =
  "src/zeta.controller.ts(6,3): error TS991013: GET /other (ZetaController.zeta) has the same method and path shape as GET /other (OtherController.other); only one handler can serve it, so change or remove one.";

/** The refusal's first line, as createApp() throws it. */
export const refusal = /honest: this app was built from a program with 1 honest error; fix it and build again:/;

/** Lines of honest's diagnostics in tspc's output. */
export function honestDiagnostics(output: string): string[] {
  return output.split("\n").filter((line) => /error TS991\d{3}/.test(line));
}
