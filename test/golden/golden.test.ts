import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { exampleDir } from "../support/example.js";
import { copyExampleForGenerator, honest } from "../support/generated-example.js";
import { unusedGeneratedDeclarations } from "../support/unused-generated.js";

// The example's generated code, kept beside this test as it was last
// reviewed: every file tspc compiles from example/src that holds generated
// code (tspc/, the JavaScript of example/dist), and the module `honest
// generate` writes for the example (generate/honest.generated.ts). A change
// to what honest generates shows here as a diff to read, and Biome lints
// these copies as it lints the source (biome.json), so generated code that a
// linter would flag fails `npm run lint`. After an intended change:
//
//   npm run build:example && UPDATE_GOLDEN=1 npx vitest run --config test/vitest.config.ts test/golden
//
// then review and commit the diff of test/golden.

const goldenDir = import.meta.dirname;
const tspcGolden = path.join(goldenDir, "tspc");
const generateGolden = path.join(goldenDir, "generate/honest.generated.ts");
const update = process.env.UPDATE_GOLDEN === "1";
const HOW_TO_UPDATE =
  "the generated code differs from its golden copy in test/golden; if the change is intended, run " +
  "`npm run build:example && UPDATE_GOLDEN=1 npx vitest run --config test/vitest.config.ts test/golden` and review the diff";

/** Every file under `dir`, relative to it, in a stable order. */
function filesUnder(dir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(dir, folder), { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else files.push(file.split(path.sep).join("/"));
    }
  };
  walk("");
  return files.sort();
}

/** The compiled files of example/dist that hold generated code: those importing honest's runtime for generated code. */
function compiledWithGeneratedCode(): Map<string, string> {
  const dist = path.join(exampleDir, "dist");
  const compiled = new Map<string, string>();
  for (const file of filesUnder(dist)) {
    if (!file.endsWith(".js")) continue;
    const text = readFileSync(path.join(dist, file), "utf8");
    if (text.includes('from "honest/internal"')) compiled.set(file, text);
  }
  return compiled;
}

/** Generated code with nothing dead in it: each function and constant honest declares is reached from the file's own code. */
function expectAllUsed(text: string, file: string, generated?: (name: string) => boolean): void {
  expect(unusedGeneratedDeclarations(text, generated), `${file}: generated declarations that nothing uses`).toEqual([]);
}

function expectGolden(actual: string, golden: string): void {
  if (update) {
    mkdirSync(path.dirname(golden), { recursive: true });
    writeFileSync(golden, actual);
    return;
  }
  let expected: string | undefined;
  try {
    expected = readFileSync(golden, "utf8");
  } catch {
    expected = undefined;
  }
  expect(actual, `${path.relative(goldenDir, golden)}: ${HOW_TO_UPDATE}`).toBe(expected);
}

describe("the example's generated code is its golden copy", () => {
  const compiled = compiledWithGeneratedCode();

  it("has a golden copy of each file tspc compiles with generated code, and of none other", () => {
    expect(compiled.size).toBeGreaterThan(5);
    if (update) {
      rmSync(tspcGolden, { recursive: true, force: true });
      return;
    }
    expect(filesUnder(tspcGolden), HOW_TO_UPDATE).toEqual([...compiled.keys()]);
  });

  it.each([...compiled.keys()])("tspc: %s", (file) => {
    expectGolden(compiled.get(file)!, path.join(tspcGolden, file));
  });

  it.each([...compiled.keys()])("tspc: %s uses every function and constant it generates", (file) => {
    expectAllUsed(compiled.get(file)!, file);
  });

  it("the generated client (client/api.ts) uses every function and constant it declares", () => {
    const client = path.join(goldenDir, "client/api.ts");
    // The whole file is generated: every top-level name is the generator's.
    expectAllUsed(readFileSync(client, "utf8"), "client/api.ts", () => true);
  });

  describe("honest generate", () => {
    const dir = path.resolve(goldenDir, "../.out/golden-generate");
    let text = "";

    beforeAll(() => {
      copyExampleForGenerator(dir);
      const result = honest(["generate"], dir);
      if (result.status !== 0) throw new Error(result.output);
      text = readFileSync(path.join(dir, "src/honest.generated.ts"), "utf8");
    }, 120_000);

    it("honest.generated.ts", () => {
      expectGolden(text, generateGolden);
    });

    it("honest.generated.ts uses every function and constant it generates", () => {
      expectAllUsed(text, "honest.generated.ts");
    });
  });
});
