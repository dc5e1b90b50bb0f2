import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../support/commands.js";
import { editorProject } from "../support/editor-project.js";
import { HonestCode } from "../support/honest-codes.js";
import { stripMarks } from "../support/marked-sources.js";
import { type EditorDiagnostic, type FileEdits, TsserverSession } from "../support/tsserver-session.js";
import { writeFiles } from "../support/user-project.js";

// docs/setup/editor.md, "Quick fixes": honest's plugin offers quick fixes for
// the mistakes people make most, and fixes each of them everywhere in a file
// at once. Driven through the tsserver of a user project installed from the
// packed tarball, with the requests VS Code's TypeScript extension sends
// (extensions/typescript-language-features/src/languageFeatures/quickFix.ts):
// `configure`, `updateOpen`, `geterr` (diagnostics arrive as `semanticDiag`
// events); `getSupportedCodeFixes` once, with null arguments, the answer kept
// for the session; `getCodeFixes` only at a diagnostic whose code is in that
// answer, over the diagnostic's range with its one code; and, for an action
// with a `fixId` in a file with another diagnostic of its code, "Fix all in
// file": `getCombinedCodeFix` with `scope: { type: "file" }` and the fixId.
// The edits are applied, the diagnostics gone, and the project, saved, builds
// with tspc without an error.

const SETUP_TIMEOUT = 300_000;

const TSCONFIG = `{
  "compilerOptions": {
    "target": "es2022",
    "module": "nodenext",
    "strict": true,
    "types": [],
    "rootDir": "src",
    "outDir": "dist",
    "plugins": [{ "name": "honest/language-service" }, { "transform": "honest/transformer" }]
  },
  "include": ["src"]
}
`;

/** One mistake per file, marked «CODE» where its diagnostic starts; then files with one mistake made several times. */
const SOURCES: Record<string, string> = {
  "src/main.ts": `import { createApp } from "honest";
export const app = createApp();
`,
  "src/items.controller.ts": `import { Controller, Get } from "honest";
import type { Json } from "honest";

@Controller()
export class ItemController {
  @Get("/items/{id}")
  async «PlaceholderMismatch»get(): Promise<Json<string>> { return "item"; }
}
`,
  "src/who.controller.ts": `import { Controller, Get } from "honest";
import type { Header, Json, Secret } from "honest";

@Controller()
export class WhoController {
  @Get("/who")
  async who(h: Header<{ «HeaderNameCase»Authorization: Secret<string> }>): Promise<Json<string>> { return h.Authorization; }
}
`,
  "src/session.controller.ts": `import { Controller, Post } from "honest";
import type { Json } from "honest";

interface SignIn { name: string; «UnmarkedSecret»password: string }

@Controller()
export class SessionController {
  @Post("/session")
  async signIn(body: Json<SignIn>): Promise<Json<string>> { return body.name; }
}
`,
  "src/hidden.controller.ts": `import { Controller, Get, StatusCode } from "honest";

@Controller()
class «ControllerNotExported»HiddenController {
  @Get("/hidden")
  async get(): Promise<StatusCode> { return 204; }
}
`,
  "src/list.controller.ts": `import { Controller, Get } from "honest";

export interface Item {
  id: number;
}

@Controller()
export class ListController {
  readonly items: Item[] = [{ id: 1 }];
  @Get("/list")
  «ReturnType»list() { return this.items; }
}
`,
  "src/sync.controller.ts": `import { Controller, Get } from "honest";
import type { Json } from "honest";

@Controller()
export class SyncController {
  @Get("/sync")
  «HandlerNotAsyncMethod»sync(): Promise<Json<string[]>> { return Promise.resolve(["a"]); }
}
`,
  "src/work.controller.ts": `import { Controller, Get, PerRequest } from "honest";
import type { Inject, Json } from "honest";

@PerRequest()
export class UnitOfWork { readonly id = 1; }

export class WorkService {
  declare readonly work: «PerRequestHeld»Inject<UnitOfWork>;
}

@Controller()
export class WorkController {
  declare readonly service: Inject<WorkService>;
  @Get("/work")
  async get(): Promise<Json<number>> { return this.service.work.id; }
}
`,
  "src/sign-up.controller.ts": `import { Controller, Post } from "honest";
import type { Json } from "honest";

interface SignUp { name: string; «UnmarkedSecret»password: string; «UnmarkedSecret»apiKey: string }

@Controller()
export class SignUpController {
  @Post("/sign-up")
  async signUp(body: Json<SignUp>): Promise<Json<string>> { return body.name; }
}
`,
  "src/report.controller.ts": `import { Controller, Get } from "honest";

@Controller()
export class ReportController {
  @Get("/report/count")
  «ReturnType»count() { return 3; }
  @Get("/report/names")
  «ReturnType»names() { return ["a", "b"]; }
}
`,
  "src/tenant.controller.ts": `import { Controller, Get } from "honest";
import type { Header, Json, Secret } from "honest";

type Caller = Header<{ «HeaderNameCase»Authorization: Secret<string>; «HeaderNameCase»"X-Tenant": string }>;

@Controller()
export class TenantController {
  @Get("/tenant")
  async tenant(h: Caller): Promise<Json<string>> { return h["X-Tenant"] + h.Authorization.length; }
}
`,
  "src/token.controller.ts": `import { Controller, Post } from "honest";
import type { Json } from "honest";

interface Rotate { name: string; «UnmarkedSecret»token: string; «UnmarkedSecret»refreshToken: string }

@Controller()
export class TokenController {
  @Post("/tokens")
  async rotate(body: Json<Rotate>): Promise<Json<string>> { return body.name; }
}
`,
};

/** Another package of the workspace, without honest, which a second editor session shows first. */
const OTHER_PACKAGE: Record<string, string> = {
  "other/tsconfig.json": `{ "compilerOptions": { "strict": true, "types": [] } }\n`,
  "other/index.ts": "export const answer = 42;\n",
};

const { texts, marks } = stripMarks(SOURCES);

/** Each mistake's fix, as the editor lists it, its edits (line:column-line:column, 1-based, and the text), and what the fixed file then says. */
const FIXES = [
  {
    file: "src/items.controller.ts",
    fixName: "honestAddPathParameter",
    description: "Add parameter `id: Path<string>`",
    edits: ['2:19-2:19 ", Path"', '7:13-7:13 "id: Path<string>"'],
    fixed: ['import type { Json, Path } from "honest";', "async get(id: Path<string>): Promise<Json<string>>"],
  },
  {
    file: "src/who.controller.ts",
    fixName: "honestLowerCaseHeader",
    description: "Write the header name in lower case: 'authorization'",
    edits: ['7:25-7:38 "authorization"', '7:93-7:106 "authorization"'],
    fixed: ["Header<{ authorization: Secret<string> }>", "return h.authorization;"],
  },
  {
    file: "src/session.controller.ts",
    fixName: "honestMarkSecret",
    description: "Mark 'password' as a secret: Secret<string>",
    edits: ['4:44-4:50 "Secret<string>"', '2:19-2:19 ", Secret"'],
    fixed: ['import type { Json, Secret } from "honest";', "interface SignIn { name: string; password: Secret<string> }"],
  },
  {
    file: "src/hidden.controller.ts",
    fixName: "honestExportClass",
    description: "Export class HiddenController",
    edits: ['4:1-4:1 "export "'],
    fixed: ["export class HiddenController"],
  },
  {
    file: "src/list.controller.ts",
    fixName: "honestDeclareReturnType",
    description: "Declare the return type `Promise<Json<Item[]>>`",
    edits: ['1:25-1:25 ", type Json"', '11:9-11:9 ": Promise<Json<Item[]>>"', '11:3-11:3 "async "'],
    fixed: ['import { Controller, Get, type Json } from "honest";', "async list(): Promise<Json<Item[]>> {"],
  },
  {
    file: "src/sync.controller.ts",
    fixName: "honestMakeAsync",
    description: "Make `sync` async",
    edits: ['7:3-7:3 "async "'],
    fixed: ["async sync(): Promise<Json<string[]>>"],
  },
  {
    file: "src/work.controller.ts",
    fixName: "honestReadCurrent",
    description: "Read this request's instance: Current<UnitOfWork>",
    edits: ['2:27-2:27 ", Current"', '8:26-8:32 "Current"'],
    fixed: ['import type { Inject, Json, Current } from "honest";', "declare readonly work: Current<UnitOfWork>;"],
  },
];

/** Files with one mistake made several times, fixed at once by "Fix all in file". */
const FIX_ALL = [
  {
    file: "src/sign-up.controller.ts",
    fixId: "honestMarkSecret",
    fixAllDescription: "Mark every field in the file named like a secret as one",
    // `Secret` joins the import once, though each of the two fixes adds it.
    edits: ['4:44-4:50 "Secret<string>"', '2:19-2:19 ", Secret"', '4:60-4:66 "Secret<string>"'],
    fixed: [
      'import type { Json, Secret } from "honest";',
      "interface SignUp { name: string; password: Secret<string>; apiKey: Secret<string> }",
    ],
  },
  {
    file: "src/report.controller.ts",
    fixId: "honestDeclareReturnType",
    fixAllDescription: "Declare the return type of every handler in the file that has none",
    edits: [
      '1:25-1:25 ", type Json"',
      '6:10-6:10 ": Promise<Json<number>>"',
      '6:3-6:3 "async "',
      '8:10-8:10 ": Promise<Json<string[]>>"',
      '8:3-8:3 "async "',
    ],
    fixed: [
      'import { Controller, Get, type Json } from "honest";',
      "async count(): Promise<Json<number>> { return 3; }",
      'async names(): Promise<Json<string[]>> { return ["a", "b"]; }',
    ],
  },
  {
    file: "src/tenant.controller.ts",
    fixId: "honestLowerCaseHeader",
    fixAllDescription: "Write every header name in the file in lower case",
    // A string literal's span holds only its text, so the quotes stay, in the type and at `h["X-Tenant"]`.
    edits: ['4:24-4:37 "authorization"', '9:77-9:90 "authorization"', '4:56-4:64 "x-tenant"', '9:62-9:70 "x-tenant"'],
    fixed: [
      'type Caller = Header<{ authorization: Secret<string>; "x-tenant": string }>;',
      'return h["x-tenant"] + h.authorization.length;',
    ],
  },
];

/** The file the Refactor... test fixes, in an editor session of its own. */
const REFACTORED = "src/token.controller.ts";

/** Edits as `line:column-line:column "text"`, in the order tsserver gives them. */
function written(changes: readonly FileEdits[], file: string): string[] {
  expect(changes.map(({ fileName }) => path.basename(fileName))).toEqual([path.basename(file)]);
  return changes[0]!.textChanges.map(
    ({ start, end, newText }) => `${start.line}:${start.offset}-${end.line}:${end.offset} ${JSON.stringify(newText)}`,
  );
}

/** A diagnostic as a test compares it. */
function at({ code, line, offset }: EditorDiagnostic): { code: number; line: number; column: number } {
  return { code, line, column: offset };
}

describe.each(["5.9.3", "6.0.3"])("quick fixes in the editor's tsserver as VS Code asks for them, TypeScript %s", (typescript) => {
  let tempDir: string | undefined;
  let project: string;
  let editor: TsserverSession;
  /** VS Code's one ask for the fixable codes, without a file, made when it shows the first file. */
  let listed: string[];

  beforeAll(async () => {
    tempDir = mkdtempSync(path.join(os.tmpdir(), "honest-editor-fixes-"));
    project = path.join(tempDir, "user-app");
    editorProject(project, typescript);
    writeFiles(project, { "tsconfig.json": TSCONFIG, ...texts, ...OTHER_PACKAGE });
    editor = new TsserverSession(project, path.join(tempDir, "tsserver.log"));
    await editor.request("configure", { hostInfo: "vscode", preferences: { providePrefixAndSuffixTextForRename: true } });
    await editor.open("src/main.ts");
    listed = await editor.supportedCodeFixes();
    for (const file of Object.keys(texts)) if (file !== "src/main.ts" && file !== REFACTORED) await editor.open(file);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await editor?.dispose();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  it("lists every code honest fixes when asked without a file, so that VS Code asks for their fixes", () => {
    const codes = [
      HonestCode.PlaceholderMismatch,
      HonestCode.HeaderNameCase,
      HonestCode.ControllerNotExported,
      HonestCode.GeneratedModuleImport,
      HonestCode.ReturnType,
      HonestCode.HandlerNotAsyncMethod,
      HonestCode.PerRequestHeld,
      HonestCode.UnmarkedSecret,
    ];
    expect(listed).toEqual(expect.arrayContaining(codes.map(String)));
    expect(editor.log()).toContain("[honest] quick fixes: listed TS991009");
  });

  it("lists them once for a file too, as editors that name one ask", async () => {
    const forFile = await editor.supportedCodeFixes("src/main.ts");
    expect(forFile.filter((code) => code === String(HonestCode.UnmarkedSecret))).toEqual([String(HonestCode.UnmarkedSecret)]);
  });

  // In order: each saves its fixed file, and the last test builds what they saved.
  it.each(FIXES)(
    "fixes $file with $fixName, without a fix-all where the mistake is made once",
    async ({ file, fixName, description, edits, fixed }) => {
      const mark = marks.find((candidate) => candidate.file === file)!;
      const before = (await editor.geterr([file])).get(file)!;
      expect(before.map(at)).toEqual([{ code: mark.code, line: mark.line, column: mark.column }]);
      const [diagnostic] = before;
      expect(listed).toContain(String(diagnostic!.code));
      const fixes = (
        await editor.getCodeFixes(
          file,
          { line: diagnostic!.line, offset: diagnostic!.offset },
          { line: diagnostic!.endLine, offset: diagnostic!.endOffset },
          [diagnostic!.code],
        )
      ).filter((fix) => fix.fixName.startsWith("honest"));
      expect(fixes.map((fix) => [fix.fixName, fix.description, fix.fixId])).toEqual([[fixName, description, undefined]]);
      expect(written(fixes[0]!.changes, file)).toEqual(edits);
      await editor.apply(fixes[0]!);
      for (const text of fixed) expect(editor.text(file)).toContain(text);
      expect((await editor.geterr([file])).get(file)).toEqual([]);
      writeFiles(project, { [file]: editor.text(file) });
    },
  );

  it.each(FIX_ALL)("fixes every $fixId mistake of $file at once", async ({ file, fixId, fixAllDescription, edits, fixed }) => {
    const expected = marks.filter((candidate) => candidate.file === file).map(({ code, line, column }) => ({ code, line, column }));
    const before = (await editor.geterr([file])).get(file)!;
    expect(before.map(at)).toEqual(expected);
    expect(listed).toContain(String(before[0]!.code));
    // VS Code offers "Fix all in file" beside an action that has a fixId, when the file has another diagnostic of its code.
    for (const diagnostic of before) {
      const fixes = await editor.getCodeFixes(
        file,
        { line: diagnostic.line, offset: diagnostic.offset },
        { line: diagnostic.endLine, offset: diagnostic.endOffset },
        [diagnostic.code],
      );
      expect(fixes.filter((fix) => fix.fixName === fixId).map((fix) => [fix.fixId, fix.fixAllDescription])).toEqual([
        [fixId, fixAllDescription],
      ]);
    }
    const combined = await editor.combinedCodeFix(file, fixId);
    expect(written(combined, file)).toEqual(edits);
    await editor.apply({ changes: combined });
    for (const text of fixed) expect(editor.text(file)).toContain(text);
    expect((await editor.geterr([file])).get(file)).toEqual([]);
    writeFiles(project, { [file]: editor.text(file) });
  });

  it("offers the fixes in Refactor... too, for a session whose one ask for the fixable codes came from a project without honest", async () => {
    const session = new TsserverSession(project, path.join(tempDir!, "tsserver-other-first.log"));
    try {
      await session.request("configure", { hostInfo: "vscode", preferences: { providePrefixAndSuffixTextForRename: true } });
      // VS Code shows another package's file first: its one ask gets TypeScript's codes only, kept until the window reloads.
      await session.open("other/index.ts");
      expect(await session.supportedCodeFixes()).not.toContain(String(HonestCode.UnmarkedSecret));
      await session.open(REFACTORED);
      const before = (await session.geterr([REFACTORED])).get(REFACTORED)!;
      expect(before.map(at)).toEqual(
        marks.filter(({ file }) => file === REFACTORED).map(({ code, line, column }) => ({ code, line, column })),
      );
      // The cursor inside the first diagnostic's span, as VS Code sends an empty selection.
      const cursor = { line: before[0]!.line, offset: before[0]!.offset + 2 };
      const bulb = await session.applicableRefactors(REFACTORED, cursor, cursor, undefined);
      expect(bulb.map(({ name }) => name)).not.toContain("honest");
      const refactors = await session.applicableRefactors(REFACTORED, cursor, cursor, "refactor");
      expect(refactors.filter(({ name }) => name === "honest").map(({ actions }) => actions)).toEqual([
        [
          { name: "honestMarkSecret", description: "Mark 'token' as a secret: Secret<string>", kind: "refactor.rewrite.honest" },
          {
            name: "honestMarkSecret.all",
            description: "Mark every field in the file named like a secret as one",
            kind: "refactor.rewrite.honest",
          },
        ],
      ]);
      expect(written(await session.editsForRefactor(REFACTORED, cursor, cursor, "honest", "honestMarkSecret"), REFACTORED)).toEqual([
        '4:41-4:47 "Secret<string>"',
        '2:19-2:19 ", Secret"',
      ]);
      const all = await session.editsForRefactor(REFACTORED, cursor, cursor, "honest", "honestMarkSecret.all");
      expect(written(all, REFACTORED)).toEqual(['4:41-4:47 "Secret<string>"', '2:19-2:19 ", Secret"', '4:63-4:69 "Secret<string>"']);
      await session.apply({ changes: all });
      expect(session.text(REFACTORED)).toContain("interface Rotate { name: string; token: Secret<string>; refreshToken: Secret<string> }");
      expect((await session.geterr([REFACTORED])).get(REFACTORED)).toEqual([]);
      writeFiles(project, { [REFACTORED]: session.text(REFACTORED) });
    } finally {
      await session.dispose();
    }
  });

  it("builds with tspc, without a diagnostic, once every fix is applied and saved", () => {
    const build = run("npx", ["tspc", "--pretty", "false"], project);
    expect(build.status, build.output).toBe(0);
    expect(build.stdout).toBe("");
  });
});
