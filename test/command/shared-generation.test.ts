import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ProjectGeneration } from "../../transformer/command/project-generation.js";
import { checkDiagnostics } from "../support/check-fixture.js";
import { FIXTURE_OPTIONS } from "../support/compile.js";

// The diagnostics-by-check project analyses every fixture in one TypeScript 7
// API process per worker (support/check-fixture.ts, ProjectGeneration's
// `shared`), where it used to start one per fixture. A fixture written again
// at the same path must be read again, and each must get what a process of
// its own gives (docs/setup/typescript-7.md, "TypeScript 7: generator mode").

const root = path.resolve(import.meta.dirname, "../..");
const dir = path.join(root, "test/.out/shared-generation");
const controller = path.join(dir, "src/controller.ts");
const options = { ...FIXTURE_OPTIONS, rootDir: path.join(dir, "src"), outDir: path.join(dir, "dist") };

const header = `import { Controller, Get } from "honest";
import type { Json, Path } from "honest";

@Controller()
export class ItemController {
`;
const withoutPath = `${header}  @Get("/items/{id}")
  async get(): Promise<Json<string>> { return ""; }
}
`;
const withPath = `${header}  @Get("/items/{id}")
  async get(id: Path<string>): Promise<Json<string>> { return id; }
}
`;
const twoWithoutPath = `${header}  @Get("/items/{id}")
  async get(id: Path<string>): Promise<Json<string>> { return id; }

  @Get("/items/{id}/name/{name}")
  async name(id: Path<string>): Promise<Json<string>> { return id; }
}
`;

function write(text: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(controller), { recursive: true });
  writeFileSync(controller, text);
}

/** The same project analysed by a process of its own, as `honest check` analyses it. */
function byOwnProcess(): readonly string[] {
  const generation = new ProjectGeneration({
    configFile: path.join(dir, "tsconfig.check.json"),
    cwd: dir,
    command: "npx honest generate",
    writeDocument: false,
  });
  try {
    return generation.run().diagnostics;
  } finally {
    generation.close();
  }
}

describe("fixtures analysed in one shared TypeScript 7 process", () => {
  it("reads each fixture afresh at the same path, and says what a process of its own says", () => {
    const seen: (readonly string[])[] = [];
    for (const text of [withoutPath, withPath, twoWithoutPath, withoutPath]) {
      write(text);
      const shared = checkDiagnostics(dir, [controller], options, {});
      expect(shared).toEqual(byOwnProcess());
      seen.push(shared);
    }
    expect(seen[0]).toEqual([expect.stringMatching(/^src\/controller\.ts\(7,9\): error TS991009: GET \/items\/\{id\} /)]);
    expect(seen[1]).toEqual([]);
    expect(seen[2]).toEqual([expect.stringMatching(/^src\/controller\.ts\(10,23\): error TS991009: GET \/items\/\{id\}\/name\/\{name\} /)]);
    expect(seen[3]).toEqual(seen[0]);
  });
});
