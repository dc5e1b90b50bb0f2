import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The runtime's and the transformer's modules import each other in layers,
// the compiler's never a host's, never in a circle (type-only imports count too: a circle of types is still
// a circle for whoever reads the code). docs/how-it-works.md, "How it works".

const root = path.resolve(import.meta.dirname, "../..");

/** Every .ts file under `dir`, relative to the repository, with the relative modules it imports. */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".ts")) {
        const text = readFileSync(path.join(root, file), "utf8");
        const imports = [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)].map(([, specifier]) =>
          path.normalize(path.join(path.dirname(file), specifier!)).replace(/\.js$/, ".ts"),
        );
        graph.set(file, imports);
      }
    }
  };
  walk(dir);
  return graph;
}

/** Each import, by a module under `dir`, of a module in one of the compiler's `folders`, as `importer → imported`. */
function importsInto(dir: string, folders: readonly string[]): string[] {
  const graph = importGraph(dir);
  expect(graph.size).toBeGreaterThan(0);
  return [...graph].flatMap(([file, imports]) =>
    imports
      .filter((target) => folders.some((folder) => target.startsWith(path.join("transformer/compiler", folder, path.sep))))
      .map((target) => `${file} → ${target}`),
  );
}

/** The circles in `graph`: its strongly connected components of more than one module (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (module: string) => {
    index.set(module, next);
    low.set(module, next++);
    stack.push(module);
    for (const target of graph.get(module) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (stack.includes(target)) low.set(module, Math.min(low.get(module)!, index.get(target)!));
    }
    if (low.get(module) === index.get(module)) {
      const component: string[] = [];
      for (let member = stack.pop()!; ; member = stack.pop()!) {
        component.push(member);
        if (member === module) break;
      }
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return found;
}

describe("import circles", () => {
  it.each(["runtime", "transformer"])("%s/ has none", (dir) => {
    const graph = importGraph(dir);
    expect(graph.size).toBeGreaterThan(10);
    expect(circles(graph)).toEqual([]);
  });

  // docs/contributing.md, "Repository layout": the compiler (transformer/compiler) is used by its hosts and uses none of them.
  it("transformer/compiler/ imports no host, and the runtime imports no part of the transformer", () => {
    const outside = (dir: string, allowed: string) =>
      [...importGraph(dir)].flatMap(([file, imports]) =>
        imports.filter((target) => !target.startsWith(allowed) && !target.startsWith("runtime/")).map((target) => `${file} → ${target}`),
      );
    expect(outside("transformer/compiler", "transformer/compiler/")).toEqual([]);
    expect(outside("runtime", "runtime/")).toEqual([]);
  });

  // docs/contributing.md, "Repository layout": shape and constraint knowledge (compiler/shapes/) sits between the
  // model and the three back-ends that share it, the code generator (generate/), the OpenAPI document (openapi/)
  // and the client (client/); no back-end reaches into another's rooms for it.
  it.each([
    ["openapi", ["generate", "client"]],
    ["client", ["generate", "openapi"]],
    ["shapes", ["generate", "openapi", "client", "rewrite", "program"]],
  ])("transformer/compiler/%s/ imports nothing from %j", (folder, forbidden) => {
    expect(importsInto(`transformer/compiler/${folder}`, forbidden)).toEqual([]);
  });

  // docs/contributing.md, "Repository layout": the compiler's root (the model, the diagnostics and their messages)
  // is what every part of it uses, so it uses none of them but its neutral helpers (text/).
  it("transformer/compiler/'s own modules import nothing from its parts but text/", () => {
    const parts = readdirSync(path.join(root, "transformer/compiler"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "text")
      .map((entry) => entry.name);
    expect(parts).toEqual(expect.arrayContaining(["analyse", "client", "generate", "openapi", "program", "rewrite", "shapes"]));
    const own = importsInto("transformer/compiler", parts).filter((line) => path.dirname(line.split(" → ")[0]!) === "transformer/compiler");
    expect(own).toEqual([]);
  });

  it("the check finds one when there is one", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(circles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });
});
