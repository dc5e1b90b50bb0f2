import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HonestCode, isHonestCode } from "../support/honest-codes.js";
import { type CommandResult, run } from "../support/commands.js";
import { type Mark, stripMarks } from "../support/marked-sources.js";
import { editorProject } from "../support/editor-project.js";
import { type EditorDiagnostic, locationAt, positionIn, TsserverSession } from "../support/tsserver-session.js";
import { writeFiles } from "../support/user-project.js";

// docs/setup/editor.md, "In your editor": with { "name": "honest/language-service" } in
// tsconfig.json's plugins, the editor shows honest's diagnostics as tspc
// reports them, at the same places, with the same texts, and follows each
// edit. Driven here as an editor drives it: the tsserver of a user project
// installed from the packed tarball, on TypeScript 5.9 and 6, which finds
// the plugin in the project's node_modules with no flag.

const SETUP_TIMEOUT = 300_000;

const TSCONFIG = `{
  "compilerOptions": {
    "target": "es2022",
    "module": "nodenext",
    "strict": true,
    "types": [],
    "rootDir": "src",
    "outDir": "dist",
    "plugins": [
      { "name": "honest/language-service" },
      { "transform": "honest/transformer", "openapi": { "file": "openapi.json", "servers": ["http://x"] } }
    ]
  },
  "include": ["src"]
}
`;

/** The plugin options mistake above, which belongs to no file. */
const OPTIONS_MISTAKE =
  'the honest plugin\'s "openapi" option has "servers": ["http://x"]; write "openapi": "openapi.json", or "openapi": { "file": "openapi.json", "title": "My API", "version": "1.0.0", "description": "..." }, with "summary", "termsOfService", "license" (an SPDX id, or { "name", "url" } or { "name", "identifier" }), "contact": { "name", "url", "email" }, "servers": [{ "url": "/api", "description": "..." }] and "against" (the committed document to check for breaking changes) and "openapiVersion": "3.2" if you like, in the honest entry of compilerOptions.plugins.';

/**
 * Every diagnostic of the catalogue that has a file, each marked «CODE» where
 * it starts. TS991031 is the options mistake above; TS991032 is reported only
 * in generator mode (`honest generate`, `honest check`), never by the
 * transformer the editor shares; TS991036, the breaking-change gate, compares
 * a build's document with the committed one, which the editor does not make.
 */
const SOURCES: Record<string, string> = {
  "src/main.ts": `import { createApp } from "honest";
import type { Json } from "honest";
export const app = createApp({ renderError: { «ErrorFormat»200: (problem): Json<{ message: string }> => ({ message: problem.detail }) } });
`,
  "src/routes.controller.ts": `import { Controller, Delete, Get, HttpError, Post, Socket, StatusCode } from "honest";
import type { i64, Json, Path } from "honest";

export class NotAController {
  «RouteOutsideController»@Get("/outside")
  async list(): Promise<Json<string[]>> { return []; }
}

const path = "/variable";
const base = "/api";

@Controller()
export class RouteController {
  @Get("/two")
  «SeveralRouteDecorators»@Post("/two")
  async two(): Promise<StatusCode> { return 204; }
  @Get(«PathNotStringLiteral»path)
  async variable(): Promise<StatusCode> { return 204; }
  @Get(«MalformedPath»"/items/{}")
  async malformed(): Promise<StatusCode> { return 204; }
  @Get("/sync")
  «HandlerNotAsyncMethod»sync(): Promise<StatusCode> { return Promise.resolve(204); }
  @Get("/strings")
  async strings(): Promise<«ReturnType»string[]> { return []; }
  @Get("/limit")
  async limit(«UnsupportedParameter»limit: number): Promise<StatusCode> { return 204; }
  @Get("/items/{id}")
  async «PlaceholderMismatch»item(): Promise<StatusCode> { return 204; }
  @Get("/events/{day}")
  async event(day: Path<«UnsupportedPathType»RegExp>): Promise<StatusCode> { return 204; }
  «DuplicateRoute»@Get("/a/{x}")
  async first(x: Path<string>): Promise<StatusCode> { return 204; }
  @Delete("/things")
  async remove(«BodyOnBodilessMethod»body: Json<{ ids: i64[] }>): Promise<StatusCode> { return 204; }
  /** @operationId list things */
  @Get("/spaced")
  async «OperationDocTag»spaced(): Promise<StatusCode> { return 204; }
  @Socket("/chat")
  async «SocketRoute»chat(): Promise<void> {}
  @Get("/declared")
  async declared(): Promise<Json<string> | HttpError<«DeclaredError»200>> { return ""; }
}

@Controller({ «ControllerOptions»prefix: base })
export class PrefixController {
  @Get("/prefixed")
  async get(): Promise<StatusCode> { return 204; }
}

@Controller()
class «ControllerNotExported»HiddenController {
  @Get("/hidden")
  async get(): Promise<StatusCode> { return 204; }
}
`,
  "src/other.controller.ts": `import { Controller, Get, StatusCode } from "honest";
import type { Path } from "honest";

@Controller({ prefix: "/a" })
export class OtherController {
  @Get("/{y}")
  async get(y: Path<string>): Promise<StatusCode> { return 200; }
}
`,
  "src/account.ts": `export interface Account {
  name: string;
  «UnsupportedJsonType»labels: Map<string, string>;
}
`,
  "src/profile.ts": `export interface Profile {
  name: string;
}
`,
  "src/inputs.controller.ts": `import { Controller, Get, Post, StatusCode } from "honest";
import type { Form, Header, Json, MinLength, Pattern, Query } from "honest";
import type { Account } from "./account.js";
import type { Profile } from "./profile.js";

interface Signup {
  «MisusedConstraint»age: number & MinLength<1>;
  «BacktrackingPattern»nested: string & Pattern<"^(a+)+$">;
}

@Controller()
export class InputController {
  @Get("/account")
  async account(): Promise<Json<Account>> { throw new Error(); }
  @Get("/profile")
  async profile(): Promise<Json<Profile>> { throw new Error(); }
  @Post("/signup")
  async signup(body: Json<Signup>): Promise<StatusCode> { return 204; }
  @Get("/search")
  async search(«InputNotObject»q: Query<string>): Promise<StatusCode> { return 204; }
  @Get("/since")
  async since(q: Query<{ «UnsupportedInputType»since: RegExp }>): Promise<StatusCode> { return 204; }
  @Get("/who")
  async who(h: Header<{ «HeaderNameCase»Authorization: string }>): Promise<StatusCode> { return 204; }
  @Get("/twice")
  async twice(a: Query<{ q?: string }>, «SeveralInputParameters»b: Query<{ page?: number }>): Promise<StatusCode> { return 204; }
  @Get("/form")
  async form(«FormOnBodilessMethod»form: Form<{ q: string }>): Promise<StatusCode> { return 204; }
  @Post("/bodies")
  async bodies(form: Form<{ q: string }>, «SeveralBodies»body: Json<{ q: string }>): Promise<StatusCode> { return 204; }
}
`,
  "src/components.ts": `import type { Inject } from "honest";

export class Chicken {
  declare readonly egg: Inject<Egg>;
}
export class Egg {}
export class Database {
  constructor(readonly url: string) {}
}
export class Repository {
  «UnbuildableComponent»declare readonly db: Inject<Database>;
}
`,
  "src/farm.controller.ts": `import { Controller, Get, StatusCode } from "honest";
import type { Inject } from "honest";
import type { Chicken, Repository } from "./components.js";

interface Clock {
  now(): number;
}

@Controller()
export class FarmController {
  declare readonly chicken: Inject<Chicken>;
  declare readonly repository: Inject<Repository>;
  declare readonly clock: Inject<«InjectNotClass»Clock>;
  @Get("/farm")
  async get(): Promise<StatusCode> { return 204; }
}
`,
  "src/request-scope.controller.ts": `import { BodyETag, Controller, download, Every, Get, PerRequest, Post, RateLimit, Version } from "honest";
import type { Current, Download, Env, Inject, Json, Paged, Topic } from "honest";

@PerRequest()
export class UnitOfWork {
  readonly id = 1;
}
export class Clock {
  now(): number { return 1; }
}
export class ItemService {
  declare readonly work: «PerRequestHeld»Inject<UnitOfWork>;
}
export class Config {
  static «EnvField»env: Env<{ PORT: number }>;
}
export class Feed {
  static «TopicField»changes: Topic<{ n: number }>;
}
export class Jobs {
  @Every(«Schedule»"1.5s") async tick(): Promise<void> {}
}
interface SignIn {
  «UnmarkedSecret»password: string;
}
@Controller()
export class ScopeController {
  declare readonly items: Inject<ItemService>;
  declare readonly clock: «RequestScope»Current<Clock>;
  @Get("/scope") async list(): Promise<Json<number>> { return this.clock.now(); }
  @Get("/limited") @RateLimit({ limit: 5, window: «RateLimit»"1.5m" })
  async limited(): Promise<Json<number>> { return 1; }
  @Get("/versioned") @Version(«Versions»"v2")
  async versioned(): Promise<Json<number>> { return 1; }
  @Post("/sign-in") async signIn(body: Json<SignIn>): Promise<Json<number>> { return body.password.length; }
  @Get("/export") async export(): Promise<Download<«FileAnswer»"csv">> { return download("a,b"); }
  @Get("/paged") async paged(): «Paging»Promise<Paged<number>> { return { items: [1] }; }
  @Post("/tagged") «ConditionalRequest»@BodyETag()
  async tagged(): Promise<Json<number>> { return 1; }
}
`,
  "src/resolvers.controller.ts": `import { Controller, Get } from "honest";
import type { From, Inject, Json } from "honest";
import type { Context } from "hono";

interface UserLookup {
  resolve(c: Context): string;
}
export class Role {
  resolve(c: Context, role: string): string { return role; }
}
export class Shifty {
  «SecuritySchemeNotConstant»static readonly securityScheme = { type: "http" as const, scheme: String("bearer") };
  resolve(): string { return "ada"; }
}
export class CurrentUser {
  «DependencyCycle»declare readonly users: Inject<UserController>;
  resolve(): string { return "ada"; }
}

@Controller()
export class UserController {
  @Get("/lookup")
  async lookup(«ResolverNotClass»user: From<UserLookup>): Promise<Json<string>> { return user; }
  @Get("/role")
  async role(«ResolverWithoutResolve»role: From<Role>): Promise<Json<string>> { return role; }
  @Get("/global")
  async global(«ResolverUnreachable»user: From<GlobalUser>): Promise<Json<string>> { return user; }
  @Get("/shifty")
  async shifty(user: From<Shifty>): Promise<Json<string>> { return user; }
  @Get("/me")
  async me(user: From<CurrentUser>): Promise<Json<string>> { return user; }
}
`,
  "src/globals.d.ts": `declare class GlobalUser {
  resolve(): string;
}
`,
  "src/middleware.controller.ts": `import { Controller, Get, StatusCode, Use } from "honest";
import { etag } from "hono/etag";

«UseOutsideController»@Use(etag())
export class AuditLog {}

@Controller()
export class AdminController {
  «UseWithoutRoute»@Use(etag())
  helper(): void {}
  @Get("/admin")
  async admin(): Promise<StatusCode> { return 204; }
}
`,
};

const { texts, marks } = stripMarks(SOURCES);
const FILES = Object.keys(texts);

/** One diagnostic as tsc prints it, `file(line,column): category TScode: text`, or without a place. */
interface Printed {
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly category: string;
  readonly code: number;
  readonly text: string;
}

/** The diagnostics in tspc's `--pretty false` output; a text runs on (a chained message) until the next diagnostic. */
function parsePrinted(output: string): Printed[] {
  const start = /^(?:(\S[^\n(]*)\((\d+),(\d+)\): )?(error|warning) TS(\d+): /gm;
  const starts = [...output.matchAll(start)];
  return starts.map((match, index) => {
    const end = index + 1 < starts.length ? starts[index + 1]!.index : output.length;
    const text = output.slice(match.index + match[0].length, end).replace(/\n+$/, "");
    const [, file, line, column, category, code] = match;
    const place = file ? { file, line: Number(line), column: Number(column) } : {};
    return { ...place, category: category!, code: Number(code), text };
  });
}

/** What the editor shows for `file`, written as tspc prints it. */
const asPrinted = (file: string, { line, offset, category, code, text }: EditorDiagnostic): Printed => ({
  file,
  line,
  column: offset,
  category,
  code,
  text,
});

const byPlace = (a: Printed, b: Printed) =>
  (a.file ?? "").localeCompare(b.file ?? "") || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || a.code - b.code;

const byPosition = (a: { position: number; code: number }, b: { position: number; code: number }) =>
  a.position - b.position || a.code - b.code;

const honestOnes = (diagnostics: readonly EditorDiagnostic[]) => diagnostics.filter((diagnostic) => isHonestCode(diagnostic.code));
/** Line, column and code, in text order: honest reports in the order of its walk. */
const places = (found: readonly { line: number; column: number; code: number }[]) =>
  found.map(({ line, column, code }) => ({ line, column, code })).sort((a, b) => a.line - b.line || a.column - b.column);
const placesShown = (diagnostics: readonly EditorDiagnostic[]) =>
  places(honestOnes(diagnostics).map(({ line, offset, code }) => ({ line, column: offset, code })));
const placesMarked = (file: string) => places(marks.filter((mark: Mark) => mark.file === file));

describe.each(["5.9.3", "6.0.3"])("the editor's tsserver, TypeScript %s", (typescript) => {
  let tempDir: string | undefined;
  let project: string;
  let build: CommandResult;
  let editor: TsserverSession;
  /** Each file's diagnostics, TypeScript's and honest's, before any edit: each edit test ends by restoring them. */
  const before = new Map<string, EditorDiagnostic[]>();

  beforeAll(async () => {
    tempDir = mkdtempSync(path.join(os.tmpdir(), "honest-editor-"));
    project = path.join(tempDir, "user-app");
    editorProject(project, typescript);
    writeFiles(project, { "tsconfig.json": TSCONFIG, ...texts });
    build = run("npx", ["tspc", "--pretty", "false"], project);
    editor = new TsserverSession(project, path.join(tempDir, "tsserver.log"));
    for (const file of FILES) await editor.open(file);
    for (const file of FILES) before.set(file, await editor.semanticDiagnostics(file));
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await editor?.dispose();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  /** Checks that `file`'s diagnostics are again those before the test's edits. */
  async function expectAsBefore(file: string): Promise<void> {
    expect(await editor.semanticDiagnostics(file)).toEqual(before.get(file));
  }

  /** What tspc prints for `file` once `edited`, as the editor holds it, is saved; the file on disk is restored after. */
  function printedOnceSaved(edited: string, file: string): Printed[] {
    try {
      writeFiles(project, { [edited]: editor.text(edited) });
      return parsePrinted(run("npx", ["tspc", "--pretty", "false"], project).stdout).filter((diagnostic) => diagnostic.file === file);
    } finally {
      writeFiles(project, { [edited]: texts[edited]! });
    }
  }

  /** The lines where honest logged a fault it answered without: none, whatever the text. */
  const faults = () =>
    editor
      .log()
      .split("\n")
      .filter((line) => line.includes("answered without honest"));

  it("loads honest/language-service from the project's node_modules, with no flag", () => {
    expect(editor.log()).toContain(`[honest] on for ${path.join(project, "tsconfig.json")}`);
  });

  it("marks every diagnostic of the catalogue but the options mistake, generator mode's and the build's breaking-change gate", () => {
    const catalogue = Object.values(HonestCode).filter((code) => typeof code === "number");
    const without = [HonestCode.PluginOptions, HonestCode.GeneratedModuleImport, HonestCode.BreakingChange];
    expect(new Set(marks.map((mark) => mark.code))).toEqual(new Set(catalogue.filter((code) => !without.includes(code))));
  });

  it.each(FILES)("shows in %s honest's diagnostics at the marked lines and columns, with their codes", (file) => {
    expect(placesShown(before.get(file)!)).toEqual(placesMarked(file));
  });

  it("shows exactly what tspc prints, TypeScript's own errors included, file by file", () => {
    expect(build.status, build.output).toBe(2);
    const printed = parsePrinted(build.stdout).filter((diagnostic) => diagnostic.file);
    const shown = FILES.flatMap((file) => before.get(file)!.map((diagnostic) => asPrinted(file, diagnostic)));
    expect(shown.sort(byPlace)).toEqual(printed.sort(byPlace));
    // TypeScript's own error beside TS991019, a chained message over four lines, is among them.
    expect(printed.filter((diagnostic) => !isHonestCode(diagnostic.code)).map(({ file, code }) => ({ file, code }))).toEqual([
      { file: "src/resolvers.controller.ts", code: 2344 },
    ]);
  });

  it("shows the plugin options mistake (TS991031) among the project's option diagnostics, as tspc prints it without a file", async () => {
    const printed = parsePrinted(build.stdout).filter((diagnostic) => !diagnostic.file);
    expect(printed).toEqual([{ category: "error", code: HonestCode.PluginOptions, text: OPTIONS_MISTAKE }]);
    const shown = await editor.compilerOptionsDiagnostics("tsconfig.json");
    expect(shown.map(({ category, code, text }) => ({ category, code, text }))).toEqual(printed);
  });

  it("drops a diagnostic once an edit fixes it, and shows it again once the edit is undone", async () => {
    const file = "src/routes.controller.ts";
    const at = locationAt(texts[file]!, texts[file]!.indexOf("async item(") + "async item(".length);
    await editor.change(file, [{ start: at, end: at, newText: "id: Path<string>" }]);
    const fixed = await editor.semanticDiagnostics(file);
    expect(fixed.map((diagnostic) => diagnostic.code)).not.toContain(HonestCode.PlaceholderMismatch);
    expect(fixed).toEqual(before.get(file)!.filter((diagnostic) => diagnostic.code !== HonestCode.PlaceholderMismatch));
    await editor.replace(file, texts[file]!);
    await expectAsBefore(file);
  });

  it("shows an error at a DTO once another file's route uses it and it gains a Set property", async () => {
    const file = "src/profile.ts";
    expect(before.get(file)).toEqual([]);
    await editor.change(file, [{ start: { line: 3, offset: 1 }, end: { line: 3, offset: 1 }, newText: "  born: Set<string>;\n" }]);
    const shown = await editor.semanticDiagnostics(file);
    expect(shown).toEqual([
      {
        code: HonestCode.UnsupportedJsonType,
        category: "error",
        line: 3,
        offset: 3,
        endLine: 3,
        endOffset: 21,
        text: "GET /profile (InputController.profile): Json<Profile> cannot be sent as a response: $.born is a Set, which JSON cannot carry; use an array.",
      },
    ]);
    expect(shown.map((diagnostic) => asPrinted(file, diagnostic))).toEqual(printedOnceSaved(file, file));
    // The route's own file is unchanged: the error is at the property to change.
    await expectAsBefore("src/inputs.controller.ts");
    await editor.replace(file, texts[file]!);
    await expectAsBefore(file);
  });

  it("shows a dependency cycle (TS991016) once a component gains an Inject<T> field that closes it", async () => {
    const file = "src/components.ts";
    const egg = "export class Egg {}";
    const at = texts[file]!.indexOf(egg);
    await editor.change(file, [
      {
        start: locationAt(texts[file]!, at),
        end: locationAt(texts[file]!, at + egg.length),
        newText: "export class Egg {\n  declare readonly chicken: Inject<Chicken>;\n}",
      },
    ]);
    const shown = await editor.semanticDiagnostics(file);
    expect(shown.filter((diagnostic) => diagnostic.code === HonestCode.DependencyCycle)).toEqual([
      {
        code: HonestCode.DependencyCycle,
        category: "error",
        line: 7,
        offset: 3,
        endLine: 7,
        endOffset: 45,
        text: "dependency cycle: Chicken.egg → Egg.chicken → Chicken; break it, or provide one of these components with createApp({ providers })",
      },
    ]);
    expect(shown.map((diagnostic) => asPrinted(file, diagnostic)).sort(byPlace)).toEqual(printedOnceSaved(file, file).sort(byPlace));
    await editor.replace(file, texts[file]!);
    await expectAsBefore(file);
  });

  describe("with the plugin's input broken", () => {
    const file = "src/middleware.controller.ts";

    /**
     * What the editor shows for `file` against what tspc prints once it is saved: tspc prints the syntax
     * errors and, since ts-patch emits anyway, honest's diagnostics, but not TypeScript's semantic ones.
     */
    async function expectAsTspcPrints(): Promise<EditorDiagnostic[]> {
      const syntactic = await editor.syntacticDiagnostics(file);
      const semantic = await editor.semanticDiagnostics(file);
      expect(syntactic).not.toEqual([]);
      // Compared by position in the text: an edited file's tsserver writes the end of the text as one past
      // the last line's end, where tspc writes the start of the line after it.
      const text = editor.text(file);
      const at = ({ line, column, category, code, text: message }: Printed) => ({
        position: positionIn(text, { line: line!, offset: column! }),
        category,
        code,
        message,
      });
      const shown = [...syntactic, ...honestOnes(semantic)].map((diagnostic) => at(asPrinted(file, diagnostic)));
      expect(shown.sort(byPosition)).toEqual(printedOnceSaved(file, file).map(at).sort(byPosition));
      return semantic;
    }

    it("gives a syntax error and TypeScript's semantic errors beside honest's, and answers the next request", async () => {
      await editor.replace(
        file,
        `import { Controller, Get, StatusCode, Use } from "honest";
import { etag } from "hono/etag";

@Use(etag())
export class AuditLog {}

const count: number = "three";

@Controller()
export class AdminController {
  @Get("/admin")
  async admin(): Promise<StatusCode> { return 204 ]
}
`,
      );
      const semantic = await expectAsTspcPrints();
      expect(semantic).toContainEqual({
        code: 2322,
        category: "error",
        line: 7,
        offset: 7,
        endLine: 7,
        endOffset: 12,
        text: "Type 'string' is not assignable to type 'number'.",
      });
      expect(faults()).toEqual([]);
      await expectAsBefore("src/routes.controller.ts");
      await editor.replace(file, texts[file]!);
      await expectAsBefore(file);
    });

    it("gives TypeScript's diagnostics for a half-typed decorator, @Get(, and answers the next request", async () => {
      const at = locationAt(texts[file]!, texts[file]!.indexOf(`  @Get("/admin")`));
      await editor.change(file, [{ start: at, end: at, newText: "  @Get(\n" }]);
      const semantic = await expectAsTspcPrints();
      // The unfinished call takes the lines after it as its arguments: `admin` becomes a name TypeScript cannot find.
      expect(semantic).toContainEqual({
        code: 2304,
        category: "error",
        line: at.line + 2,
        offset: 9,
        endLine: at.line + 2,
        endOffset: 14,
        text: "Cannot find name 'admin'.",
      });
      expect(faults()).toEqual([]);
      await expectAsBefore("src/routes.controller.ts");
      await editor.replace(file, texts[file]!);
      await expectAsBefore(file);
    });
  });
});
