import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../support/commands.js";
import { HonestCode } from "../support/honest-codes.js";
import { stripMarks } from "../support/marked-sources.js";
import { editorProject } from "../support/editor-project.js";
import { TsserverSession } from "../support/tsserver-session.js";
import { writeFiles } from "../support/user-project.js";

// docs/setup/editor.md, "In your editor": honest's plugin offers quick fixes for the
// mistakes people make most. Driven as an editor drives them, through the
// tsserver of a user project installed from the packed tarball: the fix
// asked for at the diagnostic's span with its code, its edits applied, the
// diagnostic gone, and the project, saved, built by tspc without an error.

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

/** One mistake per file, marked «CODE» where its diagnostic starts. */
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
};

const { texts, marks } = stripMarks(SOURCES);

/** Each mistake's fix, as the editor lists it, and what the fixed file then says. */
const FIXES = [
  {
    code: HonestCode.PlaceholderMismatch,
    fixName: "honestAddPathParameter",
    description: "Add parameter `id: Path<string>`",
    fixed: ['import type { Json, Path } from "honest";', "async get(id: Path<string>): Promise<Json<string>>"],
  },
  {
    code: HonestCode.HeaderNameCase,
    fixName: "honestLowerCaseHeader",
    description: "Write the header name in lower case: 'authorization'",
    fixed: ["Header<{ authorization: Secret<string> }>", "return h.authorization;"],
  },
  {
    code: HonestCode.UnmarkedSecret,
    fixName: "honestMarkSecret",
    description: "Mark 'password' as a secret: Secret<string>",
    fixed: ['import type { Json, Secret } from "honest";', "interface SignIn { name: string; password: Secret<string> }"],
  },
  {
    code: HonestCode.ControllerNotExported,
    fixName: "honestExportClass",
    description: "Export class HiddenController",
    fixed: ["export class HiddenController"],
  },
  {
    code: HonestCode.ReturnType,
    fixName: "honestDeclareReturnType",
    description: "Declare the return type `Promise<Json<Item[]>>`",
    fixed: ['import { Controller, Get, type Json } from "honest";', "async list(): Promise<Json<Item[]>> {"],
  },
  {
    code: HonestCode.HandlerNotAsyncMethod,
    fixName: "honestMakeAsync",
    description: "Make `sync` async",
    fixed: ["async sync(): Promise<Json<string[]>>"],
  },
];

describe.each(["5.9.3", "6.0.3"])("quick fixes in the editor's tsserver, TypeScript %s", (typescript) => {
  let tempDir: string | undefined;
  let project: string;
  let editor: TsserverSession;

  beforeAll(async () => {
    tempDir = mkdtempSync(path.join(os.tmpdir(), "honest-editor-fixes-"));
    project = path.join(tempDir, "user-app");
    editorProject(project, typescript);
    writeFiles(project, { "tsconfig.json": TSCONFIG, ...texts });
    editor = new TsserverSession(project, path.join(tempDir, "tsserver.log"));
    for (const file of Object.keys(texts)) await editor.open(file);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await editor?.dispose();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  it("lists honest's fixable codes among the supported fixes, so that an editor asks for their fixes", async () => {
    expect(await editor.supportedCodeFixes("src/main.ts")).toEqual(expect.arrayContaining(FIXES.map(({ code }) => String(code))));
  });

  // In order: each saves its fixed file, and the last test builds what they saved.
  it.each(FIXES)("fixes TS$code with $fixName, and the diagnostic disappears", async ({ code, fixName, description, fixed }) => {
    const mark = marks.find((candidate) => candidate.code === code)!;
    const before = await editor.semanticDiagnostics(mark.file);
    expect(before.map(({ code, line, offset }) => ({ code, line, column: offset }))).toEqual([
      { code, line: mark.line, column: mark.column },
    ]);
    const [diagnostic] = before;
    const start = { line: diagnostic!.line, offset: diagnostic!.offset };
    const end = { line: diagnostic!.endLine, offset: diagnostic!.endOffset };
    const fixes = (await editor.getCodeFixes(mark.file, start, end, [code])).filter((fix) => fix.fixName.startsWith("honest"));
    expect(fixes.map((fix) => [fix.fixName, fix.description])).toEqual([[fixName, description]]);
    await editor.apply(fixes[0]!);
    for (const text of fixed) expect(editor.text(mark.file)).toContain(text);
    expect(await editor.semanticDiagnostics(mark.file)).toEqual([]);
    writeFiles(project, { [mark.file]: editor.text(mark.file) });
  });

  it("builds with tspc, without a diagnostic, once every fix is applied and saved", () => {
    const build = run("npx", ["tspc", "--pretty", "false"], project);
    expect(build.status, build.output).toBe(0);
    expect(build.stdout).toBe("");
  });
});
