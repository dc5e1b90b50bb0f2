import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Comments cite README by a heading's text, `(README, "Constraints")` or
// README's "Errors", rather than by a link that an editor cannot follow; a
// renamed heading would leave them pointing nowhere, so each must name a
// heading README.md has, word for word.

const root = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["runtime", "transformer", "test", "bench"];
const SOURCE = /\.[cm]?[jt]s$/;
const SKIPPED = new Set(["node_modules", "dist"]);

/** README.md's headings, outside its code blocks (where `# ` starts a shell comment). */
function readmeHeadings(): Set<string> {
  const headings = new Set<string>();
  let inCode = false;
  for (const line of readFileSync(path.join(root, "README.md"), "utf8").split("\n")) {
    if (line.startsWith("```")) inCode = !inCode;
    const heading = inCode ? undefined : /^#{1,6} (.+)$/.exec(line)?.[1];
    if (heading !== undefined) headings.add(heading.trim());
  }
  return headings;
}

/** The source files under `folder`, relative to the repository; not dependencies, builds or test output (dot folders). */
function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.startsWith(".") ? [] : sourceFiles(file);
    return SOURCE.test(entry.name) ? [file] : [];
  });
}

/**
 * A file's comments as the compiler reads them, consecutive ones joined (a
 * citation may wrap from one `//` line to the next), each as plain words.
 */
function commentTexts(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const ranges = new Map<number, number>();
  const collect = (position: number) => {
    for (const range of ts.getLeadingCommentRanges(text, position) ?? []) ranges.set(range.pos, range.end);
  };
  const visit = (node: ts.Node): void => {
    collect(node.pos);
    collect(node.end);
    ts.forEachChild(node, visit, (nodes) => {
      collect(nodes.pos);
      collect(nodes.end);
      for (const each of nodes) visit(each);
    });
  };
  visit(file);
  const joined: { start: number; end: number }[] = [];
  for (const [start, end] of [...ranges].sort(([a], [b]) => a - b)) {
    const last = joined.at(-1);
    if (last && text.slice(last.end, start).trim() === "") last.end = end;
    else joined.push({ start, end });
  }
  return joined.map(({ start, end }) =>
    text
      .slice(start, end)
      .replace(/^\s*(\/\/+|\/\*+|\*+\/?)/gm, " ")
      .replace(/\*+\/\s*$/, " ")
      .replace(/\s+/g, " "),
  );
}

/** The headings a comment cites: `README, "Errors"`, `README, "Resolvers", "Middleware"`, `README's "The route table"`. */
function citedHeadings(comment: string): string[] {
  return [...comment.matchAll(/README(?:,|'s) ("[^"]+"(?:, "[^"]+")*)/g)].flatMap(([, quoted]) =>
    [...quoted!.matchAll(/"([^"]+)"/g)].map(([, heading]) => heading!),
  );
}

describe("README citations", () => {
  const headings = readmeHeadings();
  const citations = FOLDERS.flatMap(sourceFiles).flatMap((file) =>
    commentTexts(file, readFileSync(path.join(root, file), "utf8")).flatMap((comment) =>
      citedHeadings(comment).map((heading) => ({ file, heading })),
    ),
  );

  it("name a heading README.md has", () => {
    expect(citations.length).toBeGreaterThan(100);
    expect(citations.filter(({ heading }) => !headings.has(heading))).toEqual([]);
  });

  it("are found in comments however they wrap, and only there", () => {
    const text = [
      "// (README,",
      '// "Constraints"), and README\'s "The',
      '// route table"; README, "Errors", "Middleware".',
      "const quoted = 'README, \"In a string\"';",
    ].join("\n");
    expect(commentTexts("example.ts", text).flatMap(citedHeadings)).toEqual(["Constraints", "The route table", "Errors", "Middleware"]);
  });
});
