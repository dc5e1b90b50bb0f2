import { describe, expect, it } from "vitest";
import type { Hono } from "hono";
import ts from "typescript";
import { compileFixture } from "../support/compile.js";
import { HonestCode } from "../support/honest-codes.js";
import { type Editor, openEditor } from "../support/language-service.js";

// docs/setup/editor.md, "In your editor": honest's plugin offers quick fixes for the
// mistakes people make most, and each fix, applied as the editor applies it,
// leaves code that builds (tspc with the transformer reports nothing) and
// serves the route.

const app = `
  import { createApp } from "honest";
  export const app = createApp({ log: () => {} });
`;

/** An editor on `sourcePath` beside the app that mounts its controllers. */
function editorWithApp(name: string, sourcePath: string, source: string): Editor {
  return openEditor(name, { "src/app.ts": app, [sourcePath]: source });
}

/** The one fix offered for honest's diagnostic `code` in `sourcePath`, applied. */
function applyFix(editor: Editor, sourcePath: string, code: number, fixName: string, description: string): void {
  const diagnostic = editor.diagnostic(sourcePath, code);
  const fixes = editor.fixes(diagnostic).filter((fix) => fix.fixName.startsWith("honest"));
  expect(fixes.map((fix) => [fix.fixName, fix.description])).toEqual([[fixName, description]]);
  editor.apply(fixes[0]!);
}

/** The edited sources, built as tspc builds them: no diagnostic at all, and the app they export. */
async function build(name: string, editor: Editor): Promise<Hono> {
  const compiled = compileFixture(`${name}-built`, editor.texts());
  expect(compiled.diagnostics).toEqual([]);
  return (await compiled.load("src/app.ts")).app;
}

/** Everything the service reports in a file, TypeScript's and honest's, as `TScode`. */
function reported(editor: Editor, sourcePath: string): string[] {
  return editor.service.getSemanticDiagnostics(editor.file(sourcePath)).map((diagnostic) => `TS${diagnostic.code}`);
}

describe("quick fixes", () => {
  it("are listed among the supported fixes, so that an editor asks for them", () => {
    const editor = openEditor("ls-fix-supported", { "src/app.ts": app });
    expect(editor.service.getSupportedCodeFixes(editor.file("src/app.ts"))).toEqual(
      expect.arrayContaining(
        [
          HonestCode.HandlerNotAsyncMethod,
          HonestCode.ReturnType,
          HonestCode.PlaceholderMismatch,
          HonestCode.ControllerNotExported,
          HonestCode.HeaderNameCase,
          HonestCode.PerRequestHeld,
          HonestCode.UnmarkedSecret,
        ].map(String),
      ),
    );
  });

  it("add a Path parameter for a placeholder, imported beside the file's other honest types", async () => {
    const editor = editorWithApp(
      "ls-fix-path",
      "src/items.ts",
      `
        import { Controller, Get } from "honest";
        import type { Json } from "honest";
        import type { Context } from "hono";
        @Controller()
        export class ItemController {
          @Get("/items/{id}")
          async get(c: Context): Promise<Json<{ path: string }>> { return { path: c.req.path }; }
        }
      `,
    );
    expect(reported(editor, "src/items.ts")).toEqual(["TS991009"]);
    applyFix(editor, "src/items.ts", HonestCode.PlaceholderMismatch, "honestAddPathParameter", "Add parameter `id: Path<string>`");
    expect(editor.texts()["src/items.ts"]).toContain('import type { Json, Path } from "honest";');
    expect(editor.texts()["src/items.ts"]).toContain("async get(c: Context, id: Path<string>)");
    expect(reported(editor, "src/items.ts")).toEqual([]);
    expect(await (await (await build("ls-fix-path", editor)).request("/items/42")).json()).toEqual({ path: "/items/42" });
  });

  it("add a tuple Path parameter for several placeholders, as `type Path` in a value import", async () => {
    const editor = editorWithApp(
      "ls-fix-path-tuple",
      "src/quotes.ts",
      `
        import { Controller, Get, type Json } from "honest";
        @Controller()
        export class QuoteController {
          @Get("/items/{id}/quote/{quantity}")
          async quote(): Promise<Json<string>> { return "quote"; }
        }
      `,
    );
    applyFix(
      editor,
      "src/quotes.ts",
      HonestCode.PlaceholderMismatch,
      "honestAddPathParameter",
      "Add parameter `[id, quantity]: Path<[string, string]>`",
    );
    expect(editor.texts()["src/quotes.ts"]).toContain('import { Controller, Get, type Json, type Path } from "honest";');
    expect(editor.texts()["src/quotes.ts"]).toContain("async quote([id, quantity]: Path<[string, string]>)");
    expect(await (await (await build("ls-fix-path-tuple", editor)).request("/items/1/quote/2")).json()).toBe("quote");
  });

  it("write the Path type through a namespace import of honest", async () => {
    const editor = editorWithApp(
      "ls-fix-path-namespace",
      "src/items.ts",
      `
        import * as honest from "honest";
        @honest.Controller()
        export class ItemController {
          @honest.Get("/items/{id}")
          async get(): Promise<honest.Json<string>> { return "item"; }
        }
      `,
    );
    applyFix(editor, "src/items.ts", HonestCode.PlaceholderMismatch, "honestAddPathParameter", "Add parameter `id: honest.Path<string>`");
    expect(editor.texts()["src/items.ts"]).toContain("async get(id: honest.Path<string>)");
    expect(await (await (await build("ls-fix-path-namespace", editor)).request("/items/7")).json()).toBe("item");
  });

  it("write a header name in lower case wherever the handler reads it, and the route reads the header in any case", async () => {
    const editor = openEditor("ls-fix-header", {
      "src/app.ts": app,
      "src/whoami.ts": `
        import { Controller, Get } from "honest";
        import type { Header, Json, Secret } from "honest";
        interface Sent { "X-Request-Id": string; Authorization?: Secret<string> }
        @Controller()
        export class WhoController {
          @Get("/whoami")
          async who(h: Header<Sent>): Promise<Json<string>> {
            const { Authorization } = h;
            return \`\${h["X-Request-Id"]} \${Authorization ?? "anonymous"}\`;
          }
        }
      `,
    });
    const source = "src/whoami.ts";
    expect(reported(editor, source)).toEqual(["TS991026", "TS991026"]);
    applyFix(editor, source, HonestCode.HeaderNameCase, "honestLowerCaseHeader", "Write the header name in lower case: 'x-request-id'");
    applyFix(editor, source, HonestCode.HeaderNameCase, "honestLowerCaseHeader", "Write the header name in lower case: 'authorization'");
    expect(editor.texts()[source]).toContain('interface Sent { "x-request-id": string; authorization?: Secret<string> }');
    expect(editor.texts()[source]).toContain("const { authorization: Authorization } = h;");
    expect(editor.texts()[source]).toContain('h["x-request-id"]');
    expect(reported(editor, source)).toEqual([]);
    const served = await build("ls-fix-header", editor);
    const answer = await served.request("/whoami", { headers: { "X-Request-Id": "r1", Authorization: "Bearer ada" } });
    expect(await answer.json()).toBe("r1 Bearer ada");
  });

  it("export a controller that createApp() imports from another file", async () => {
    const editor = editorWithApp(
      "ls-fix-export",
      "src/items.ts",
      `
        import { Controller, Get } from "honest";
        import type { Json } from "honest";
        @Controller()
        class ItemController {
          @Get("/items") async list(): Promise<Json<string[]>> { return ["a"]; }
        }
      `,
    );
    applyFix(editor, "src/items.ts", HonestCode.ControllerNotExported, "honestExportClass", "Export class ItemController");
    expect(editor.texts()["src/items.ts"]).toContain("@Controller()\n        export class ItemController");
    expect(await (await (await build("ls-fix-export", editor)).request("/items")).json()).toEqual(["a"]);
  });

  it("declare the return type the body returns, as Promise<Json<T>>", async () => {
    const editor = editorWithApp(
      "ls-fix-return-json",
      "src/items.ts",
      `
        import { Controller, Get } from "honest";
        export interface Item { id: number; tags: string[] }
        @Controller()
        export class ItemController {
          readonly items: Item[] = [{ id: 1, tags: ["new"] }];
          @Get("/items")
          list() { return this.items; }
        }
      `,
    );
    applyFix(editor, "src/items.ts", HonestCode.ReturnType, "honestDeclareReturnType", "Declare the return type `Promise<Json<Item[]>>`");
    expect(editor.texts()["src/items.ts"]).toContain('import { Controller, Get, type Json } from "honest";');
    expect(editor.texts()["src/items.ts"]).toContain("async list(): Promise<Json<Item[]>> {");
    expect(await (await (await build("ls-fix-return-json", editor)).request("/items")).json()).toEqual([{ id: 1, tags: ["new"] }]);
  });

  it("declare Promise<Response> for a body that returns a Response", async () => {
    const editor = editorWithApp(
      "ls-fix-return-response",
      "src/hello.ts",
      `
        import { Controller, Get } from "honest";
        import type { Context } from "hono";
        @Controller()
        export class HelloController {
          @Get("/hello")
          async hello(c: Context) { return c.text("hello"); }
        }
      `,
    );
    applyFix(editor, "src/hello.ts", HonestCode.ReturnType, "honestDeclareReturnType", "Declare the return type `Promise<Response>`");
    expect(editor.texts()["src/hello.ts"]).toContain("async hello(c: Context): Promise<Response> {");
    expect(await (await (await build("ls-fix-return-response", editor)).request("/hello")).text()).toBe("hello");
  });

  it("make a handler that returns a Promise async", async () => {
    const editor = editorWithApp(
      "ls-fix-async",
      "src/items.ts",
      `
        import { Controller, Get } from "honest";
        import type { Json } from "honest";
        @Controller()
        export class ItemController {
          @Get("/items")
          public list(): Promise<Json<string[]>> { return Promise.resolve(["a"]); }
        }
      `,
    );
    applyFix(editor, "src/items.ts", HonestCode.HandlerNotAsyncMethod, "honestMakeAsync", "Make `list` async");
    expect(editor.texts()["src/items.ts"]).toContain("public async list(): Promise<Json<string[]>>");
    expect(await (await (await build("ls-fix-async", editor)).request("/items")).json()).toEqual(["a"]);
  });

  it("make a handler async and its declared type a Promise", async () => {
    const editor = editorWithApp(
      "ls-fix-async-promise",
      "src/items.ts",
      `
        import { Controller, Get } from "honest";
        import type { Json } from "honest";
        @Controller()
        export class ItemController {
          @Get("/items")
          list(): Json<string[]> { return ["a"]; }
        }
      `,
    );
    applyFix(editor, "src/items.ts", HonestCode.ReturnType, "honestMakeAsync", "Make `list` async");
    expect(editor.texts()["src/items.ts"]).toContain("async list(): Promise<Json<string[]>>");
    expect(await (await (await build("ls-fix-async-promise", editor)).request("/items")).json()).toEqual(["a"]);
  });

  it("read this request's instance through Current<T> where an app-wide class holds a per-request component in Inject<T>", async () => {
    const source = `
        import { Controller, Get, PerRequest } from "honest";
        import type { Inject, Json } from "honest";
        @PerRequest()
        export class UnitOfWork { readonly id = Math.random(); }
        export class ItemService {
          declare readonly work: Inject<UnitOfWork>;
        }
        @Controller()
        export class ItemController {
          declare readonly items: Inject<ItemService>;
          @Get("/same") async same(): Promise<Json<boolean>> { return this.items.work === this.items.work; }
        }
      `;
    const editor = editorWithApp("ls-fix-current", "src/items.ts", source);
    expect(reported(editor, "src/items.ts")).toEqual([`TS${HonestCode.PerRequestHeld}`]);
    // At the field's type, its first use in the file.
    const diagnostic = editor.diagnostic("src/items.ts", HonestCode.PerRequestHeld);
    expect(diagnostic.start).toBe(editor.texts()["src/items.ts"]!.indexOf("Inject<UnitOfWork>"));
    expect(diagnostic.length).toBe("Inject<UnitOfWork>".length);
    applyFix(editor, "src/items.ts", HonestCode.PerRequestHeld, "honestReadCurrent", "Read this request's instance: Current<UnitOfWork>");
    expect(editor.texts()["src/items.ts"]).toContain('import type { Inject, Json, Current } from "honest";');
    expect(editor.texts()["src/items.ts"]).toContain("declare readonly work: Current<UnitOfWork>;");
    expect(reported(editor, "src/items.ts")).toEqual([]);
    expect(await (await (await build("ls-fix-current", editor)).request("/same")).json()).toBe(true);
  });

  it("mark a request field named like a secret Secret<T>, imported beside the file's other honest types, keeping its checks", async () => {
    const source = `
        import { Controller, Post } from "honest";
        import type { Json, MinLength } from "honest";
        interface SignIn { name: string; password: string & MinLength<8> }
        @Controller()
        export class SessionController {
          @Post("/session") async signIn(body: Json<SignIn>): Promise<Json<{ name: string }>> { return { name: body.name }; }
        }
      `;
    const editor = editorWithApp("ls-fix-secret", "src/session.ts", source);
    expect(reported(editor, "src/session.ts")).toEqual([`TS${HonestCode.UnmarkedSecret}`]);
    const diagnostic = editor.diagnostic("src/session.ts", HonestCode.UnmarkedSecret);
    expect(diagnostic.start).toBe(source.indexOf("password: string"));
    applyFix(
      editor,
      "src/session.ts",
      HonestCode.UnmarkedSecret,
      "honestMarkSecret",
      "Mark 'password' as a secret: Secret<string & MinLength<8>>",
    );
    expect(editor.texts()["src/session.ts"]).toContain('import type { Json, MinLength, Secret } from "honest";');
    expect(editor.texts()["src/session.ts"]).toContain("interface SignIn { name: string; password: Secret<string & MinLength<8>> }");
    expect(reported(editor, "src/session.ts")).toEqual([]);
    const app = await build("ls-fix-secret", editor);
    const refused = await app.request("/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "ada", password: "short" }),
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual([
      { path: "$.password", expected: "string of at least 8 characters", got: "a secret string (not shown)" },
    ]);
  });

  it("leave TypeScript's own fixes as they are", () => {
    const editor = openEditor("ls-fix-typescript", {
      "src/app.ts": `
        import { createApp } from "honest";
        export const app = createApp({ log: () => {} });
        export function twice(n: number) { return n * 2; }
        export const four = twise(2);
      `,
    });
    const [misspelt] = editor.service.getSemanticDiagnostics(editor.file("src/app.ts"));
    expect(editor.fixes(misspelt!).map((fix) => fix.fixName)).toContain("spelling");
    expect(editor.logged).toEqual([]);
  });
});

describe("fix all in the file", () => {
  /** Every diagnostic of `code` in the file offers `fixId`'s fix with its fix-all; the combined edits, applied, leave none. */
  function fixAll(editor: Editor, sourcePath: string, code: number, fixId: string, fixAllDescription: string): void {
    const file = editor.file(sourcePath);
    const found = editor.service.getSemanticDiagnostics(file).filter((diagnostic) => diagnostic.code === code);
    expect(found.length).toBeGreaterThan(1);
    for (const diagnostic of found) {
      const offered = editor.fixes(diagnostic).filter((fix) => fix.fixName === fixId);
      expect(offered.map((fix) => [fix.fixId, fix.fixAllDescription])).toEqual([[fixId, fixAllDescription]]);
    }
    const combined = editor.service.getCombinedCodeFix({ type: "file", fileName: file }, fixId, ts.getDefaultFormatCodeSettings(), {});
    editor.apply({ fixName: fixId, description: fixAllDescription, changes: [...combined.changes] });
    expect(reported(editor, sourcePath)).toEqual([]);
  }

  it("add every missing Path parameter, importing Path once", async () => {
    const editor = editorWithApp(
      "ls-fix-all-path",
      "src/items.ts",
      `
        import { Controller, Get } from "honest";
        import type { Json } from "honest";
        @Controller()
        export class ItemController {
          @Get("/items/{id}") async get(): Promise<Json<string>> { return "item"; }
          @Get("/pairs/{a}/{b}") async pair(): Promise<Json<string>> { return "pair"; }
        }
      `,
    );
    fixAll(
      editor,
      "src/items.ts",
      HonestCode.PlaceholderMismatch,
      "honestAddPathParameter",
      "Add every missing Path parameter in the file",
    );
    const text = editor.texts()["src/items.ts"]!;
    expect(text).toContain('import type { Json, Path } from "honest";');
    expect(text).toContain("async get(id: Path<string>)");
    expect(text).toContain("async pair([a, b]: Path<[string, string]>)");
    const app = await build("ls-fix-all-path", editor);
    expect(await (await app.request("/items/1")).json()).toBe("item");
    expect(await (await app.request("/pairs/1/2")).json()).toBe("pair");
  });

  it("export every controller that createApp() imports", async () => {
    const editor = editorWithApp(
      "ls-fix-all-export",
      "src/items.ts",
      `
        import { Controller, Get } from "honest";
        import type { Json } from "honest";
        @Controller()
        class ItemController {
          @Get("/items") async list(): Promise<Json<string[]>> { return ["a"]; }
        }
        @Controller()
        class TagController {
          @Get("/tags") async list(): Promise<Json<string[]>> { return ["t"]; }
        }
      `,
    );
    fixAll(
      editor,
      "src/items.ts",
      HonestCode.ControllerNotExported,
      "honestExportClass",
      "Export every class in the file that the app imports",
    );
    const app = await build("ls-fix-all-export", editor);
    expect(await (await app.request("/items")).json()).toEqual(["a"]);
    expect(await (await app.request("/tags")).json()).toEqual(["t"]);
  });

  it("make every handler async, whichever of the two mistakes it makes", async () => {
    const editor = editorWithApp(
      "ls-fix-all-async",
      "src/items.ts",
      `
        import { Controller, Get } from "honest";
        import type { Json } from "honest";
        @Controller()
        export class ItemController {
          @Get("/a") a(): Promise<Json<string>> { return Promise.resolve("a"); }
          @Get("/b") b(): Promise<Json<string>> { return Promise.resolve("b"); }
          @Get("/c") c(): Json<string> { return "c"; }
        }
      `,
    );
    fixAll(editor, "src/items.ts", HonestCode.HandlerNotAsyncMethod, "honestMakeAsync", "Make every handler in the file async");
    const text = editor.texts()["src/items.ts"]!;
    expect(text).toContain("async a(): Promise<Json<string>>");
    expect(text).toContain("async b(): Promise<Json<string>>");
    expect(text).toContain("async c(): Promise<Json<string>>");
    const app = await build("ls-fix-all-async", editor);
    expect(await (await app.request("/c")).json()).toBe("c");
  });

  it("read this request's instance in every field that holds a per-request component, importing Current once", async () => {
    const editor = editorWithApp(
      "ls-fix-all-current",
      "src/items.ts",
      `
        import { Controller, Get, PerRequest } from "honest";
        import type { Inject, Json } from "honest";
        @PerRequest()
        export class UnitOfWork { readonly id = Math.random(); }
        export class ItemService {
          declare readonly work: Inject<UnitOfWork>;
        }
        export class TagService {
          declare readonly work: Inject<UnitOfWork>;
        }
        @Controller()
        export class ItemController {
          declare readonly items: Inject<ItemService>;
          declare readonly tags: Inject<TagService>;
          @Get("/same") async same(): Promise<Json<boolean>> { return this.items.work === this.tags.work; }
        }
      `,
    );
    fixAll(
      editor,
      "src/items.ts",
      HonestCode.PerRequestHeld,
      "honestReadCurrent",
      "Read this request's instance through Current<T> in every such field of the file",
    );
    const text = editor.texts()["src/items.ts"]!;
    expect(text).toContain('import type { Inject, Json, Current } from "honest";');
    expect(text.match(/declare readonly work: Current<UnitOfWork>;/g)).toHaveLength(2);
    expect(await (await (await build("ls-fix-all-current", editor)).request("/same")).json()).toBe(true);
  });

  it("offer no fix-all where the mistake is made once", () => {
    const editor = editorWithApp(
      "ls-fix-all-once",
      "src/items.ts",
      `
        import { Controller, Get } from "honest";
        import type { Json } from "honest";
        @Controller()
        export class ItemController {
          @Get("/items/{id}") async get(): Promise<Json<string>> { return "item"; }
        }
      `,
    );
    const [fix] = editor.fixes(editor.diagnostic("src/items.ts", HonestCode.PlaceholderMismatch));
    expect([fix?.fixName, fix?.fixId, fix?.fixAllDescription]).toEqual(["honestAddPathParameter", undefined, undefined]);
  });
});
