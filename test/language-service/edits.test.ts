import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { compileFixture, FIXTURE_OPTIONS } from "../support/compile.js";
import { EditedFiles } from "../support/edited-files.js";
import { isHonestCode } from "../support/honest-codes.js";

// docs/setup/editor.md, "In your editor": the plugin's diagnostics follow every edit,
// including an edit in another file than the one they are in, and are at
// each step what tspc reports for the same files.

type Files = Record<string, string>;

/** An editor session over `files`: edit them, and compare what it shows with a build of the same texts. */
function session(name: string, files: Files) {
  const built = compileFixture(name, files);
  const dir = built.dir;
  const rootNames = Object.keys(files).map((file) => path.join(dir, file));
  const options: ts.CompilerOptions = {
    ...FIXTURE_OPTIONS,
    rootDir: path.join(dir, "src"),
    outDir: path.join(dir, "dist"),
    plugins: [{ transform: "honest/transformer" }] as unknown as ts.PluginImport[],
  };
  const editor = new EditedFiles(rootNames, options);
  const current: Files = { ...files };
  return {
    /** honest's diagnostics the editor shows for one file, as `line TScode text`. */
    shown(file: string): string[] {
      const diagnostics = editor.service.getSemanticDiagnostics(path.join(dir, file)).filter((each) => each.source === "honest");
      if (editor.faults.length > 0) throw new Error(editor.faults.join("\n"));
      return diagnostics.map((each) => {
        const { line } = each.file!.getLineAndCharacterOfPosition(each.start!);
        return `${line + 1} TS${each.code} ${ts.flattenDiagnosticMessageText(each.messageText, "\n")}`;
      });
    },
    edit(file: string, from: string, to: string): void {
      const text = current[file]!;
      if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
      current[file] = text.replace(from, to);
      editor.edit(path.join(dir, file), current[file]!);
    },
    /** honest's diagnostics tspc reports for the files as they are now, in `file`. */
    build(file: string): string[] {
      return compileFixture(`${name}-now`, current)
        .diagnostics.filter((each) => isHonestCode(each.code) && each.file === file)
        .map((each) => `${each.line} TS${each.code} ${each.message}`);
    },
  };
}

const controller = `import { Controller, Get, type Inject, type Json } from "honest";
import type { Item } from "./item.js";
import { ItemStore } from "./store.js";

@Controller()
export class ItemController {
  declare readonly store: Inject<ItemStore>;

  @Get("/items")
  async list(): Promise<Json<Item[]>> {
    return this.store.all();
  }
}
`;

const item = `export interface Item {
  name: string;
}
`;

const store = `import type { Item } from "./item.js";
import type { Inject } from "honest";
import { Audit } from "./audit.js";

export class ItemStore {
  declare readonly audit: Inject<Audit>;
  all(): Item[] {
    return [];
  }
}
`;

const audit = `export class Audit {
  note(): void {}
}
`;

const main = `import { createApp } from "honest";
export const app = createApp();
`;

const project = {
  "src/item.controller.ts": controller,
  "src/item.ts": item,
  "src/store.ts": store,
  "src/audit.ts": audit,
  "src/main.ts": main,
};

describe("diagnostics after edits in other files", () => {
  it("shows a DTO's new Map property at the DTO, as tspc does, and forgets it when it is removed", () => {
    const editor = session("edits-dto", project);
    expect(editor.shown("src/item.controller.ts")).toEqual([]);
    editor.edit("src/item.ts", "name: string;", "name: string;\n  labels: Map<string, string>;");
    const shown = editor.shown("src/item.ts");
    expect(shown).toEqual(editor.build("src/item.ts"));
    expect(shown).toEqual([expect.stringMatching(/^3 TS991014 GET \/items \(ItemController\.list\): .*labels.*Map/)]);
    expect(editor.shown("src/item.controller.ts")).toEqual([]);
    editor.edit("src/item.ts", "\n  labels: Map<string, string>;", "");
    expect(editor.shown("src/item.ts")).toEqual([]);
  });

  it("shows a dependency cycle that a component's new field closes, where tspc reports it", () => {
    const editor = session("edits-cycle", project);
    expect(editor.shown("src/store.ts")).toEqual([]);
    editor.edit(
      "src/audit.ts",
      "export class Audit {",
      'import type { Inject } from "honest";\nimport { ItemStore } from "./store.js";\n\nexport class Audit {\n  declare readonly store: Inject<ItemStore>;',
    );
    const all = ["src/audit.ts", "src/store.ts", "src/item.controller.ts"].flatMap((file) =>
      editor.shown(file).map((line) => `${file} ${line}`),
    );
    const built = ["src/audit.ts", "src/store.ts", "src/item.controller.ts"].flatMap((file) =>
      editor.build(file).map((line) => `${file} ${line}`),
    );
    expect(all).toEqual(built);
    expect(all).toEqual([expect.stringMatching(/TS991016 dependency cycle: ItemStore\.audit → Audit\.store → ItemStore/)]);
    editor.edit("src/audit.ts", "\n  declare readonly store: Inject<ItemStore>;", "");
    expect(["src/audit.ts", "src/store.ts"].flatMap((file) => editor.shown(file))).toEqual([]);
  });

  it("reports a DTO mistake two controllers share once, for the first route in file order, whichever file changed", () => {
    const second = controller
      .replace("ItemController", "OtherController")
      .replace('"/items"', '"/others"')
      .replace("declare readonly store: Inject<ItemStore>;", "declare readonly store: Inject<ItemStore>;\n");
    const editor = session("edits-shared", {
      "src/a.controller.ts": controller,
      "src/b.controller.ts": second,
      "src/item.ts": "export interface Item {\n  labels: Map<string, string>;\n}\n",
      "src/store.ts": store,
      "src/audit.ts": audit,
      "src/main.ts": main,
    });
    const first = editor.shown("src/item.ts");
    expect(first).toEqual(editor.build("src/item.ts"));
    expect(first).toEqual([expect.stringContaining("GET /items (ItemController.list)")]);
    editor.edit("src/b.controller.ts", '"/others"', '"/others2"');
    expect(editor.shown("src/item.ts")).toEqual(first);
    // The first controller stops using Item: the second one's route now reports it.
    editor.edit("src/a.controller.ts", "Promise<Json<Item[]>>", "Promise<Json<string[]>>");
    editor.edit("src/a.controller.ts", "return this.store.all();", "return [];");
    const now = editor.shown("src/item.ts");
    expect(now).toEqual(editor.build("src/item.ts"));
    expect(now).toEqual([expect.stringContaining("GET /others2 (OtherController.list)")]);
  });
});

describe("a fault inside the plugin", () => {
  it("is logged, and the file keeps TypeScript's own diagnostics", async () => {
    const { createRequire } = await import("node:module");
    const require = createRequire(import.meta.url);
    const { honestLanguageService } = require("../../dist/cjs/transformer/language-service/plugin.js") as {
      honestLanguageService(service: ts.LanguageService, log: (message: string) => void): ts.LanguageService;
    };
    const own = { code: 2322, messageText: "Type 'string' is not assignable to type 'number'." } as ts.Diagnostic;
    const broken = {
      getSemanticDiagnostics: () => [own],
      getProgram: () => {
        throw new Error("no program today");
      },
    } as unknown as ts.LanguageService;
    const logged: string[] = [];
    const service = honestLanguageService(broken, (message) => logged.push(message));
    expect(service.getSemanticDiagnostics("src/x.ts")).toEqual([own]);
    expect(logged).toEqual([expect.stringMatching(/^getSemanticDiagnostics failed, answered without honest: Error: no program today/)]);
  });
});
