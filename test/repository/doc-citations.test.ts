import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { headingAnchors, markdownHeadings, REPOSITORY_URL } from "../support/markdown.js";

// Comments cite the documentation by a file and a heading's text,
// `(README, "Quick start")`, `(docs/guide/resolvers.md, "Resolvers")` or
// docs/reference/limits.md's "Startup", rather than by a link that an editor
// cannot follow; a renamed heading or a moved page would leave them pointing
// nowhere, so each must name a heading the file has, word for word. Messages
// and comments that link to the repository's pages by URL must name a file it
// has too (and a heading of it, after a `#`).

const root = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["runtime", "transformer", "test", "bench", "example"];
const SOURCE = /\.[cm]?[jt]s$/;
const SKIPPED = new Set(["node_modules", "dist"]);

/** The headings of a Markdown file of the repository, outside its code blocks; none when there is no such file. */
const headingsOf = (() => {
  const cache = new Map<string, Set<string>>();
  return (file: string): Set<string> => {
    let headings = cache.get(file);
    if (!headings) {
      const full = path.join(root, file);
      headings = new Set(existsSync(full) ? markdownHeadings(readFileSync(full, "utf8")) : []);
      cache.set(file, headings);
    }
    return headings;
  };
})();

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

/** The file a citation names: `README` is README.md; any other is a path from the repository's root. */
function citedFile(name: string): string {
  return name === "README" ? "README.md" : name;
}

/**
 * The headings a comment cites, with their file: `README, "Quick start"`,
 * `docs/guide/errors.md, "Errors", "Errors in your own format"`,
 * `docs/guide/route-table.md's "The route table"`.
 */
function citedHeadings(comment: string): { file: string; heading: string }[] {
  return [...comment.matchAll(/\b(README(?:\.md)?|(?:docs\/)?[\w./-]+\.md)(?:,|'s) ("[^"]+"(?:, "[^"]+")*)/g)].flatMap(([, file, quoted]) =>
    [...quoted!.matchAll(/"([^"]+)"/g)].map(([, heading]) => ({ file: citedFile(file!), heading: heading! })),
  );
}

describe("citations of the documentation", () => {
  const sources = FOLDERS.flatMap(sourceFiles).map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));
  const citations = sources.flatMap(({ file, text }) =>
    commentTexts(file, text).flatMap((comment) => citedHeadings(comment).map((cited) => ({ in: file, ...cited }))),
  );

  it("name a heading the cited file has", () => {
    expect(citations.length).toBeGreaterThan(100);
    expect(citations.filter(({ file }) => file.startsWith("docs/")).length).toBeGreaterThan(100);
    expect(citations.filter(({ file, heading }) => !headingsOf(file).has(heading))).toEqual([]);
  });

  it("by URL, in comments or messages, name a file the repository has, and a heading of it", () => {
    const urls = sources.flatMap(({ file, text }) =>
      [...text.matchAll(new RegExp(`${REPOSITORY_URL.replaceAll(".", "\\.")}/(?:blob|tree)/main/([\\w./-]+)(?:#([\\w-]+))?`, "g"))].map(
        ([url, target, anchor]) => ({ in: file, url, target: target!.replace(/\.$/, ""), anchor }),
      ),
    );
    expect(urls.length).toBeGreaterThan(0);
    const broken = urls.filter(
      ({ target, anchor }) =>
        !existsSync(path.join(root, target)) ||
        (anchor !== undefined && !headingAnchors(readFileSync(path.join(root, target), "utf8")).has(anchor)),
    );
    expect(broken).toEqual([]);
  });

  it("are found in comments however they wrap, and only there", () => {
    const text = [
      "// (README,",
      '// "Quick start"), and docs/guide/route-table.md\'s "The',
      '// route table"; docs/guide/errors.md, "Errors", "Errors in your own format".',
      "const quoted = 'README, \"In a string\"';",
    ].join("\n");
    expect(commentTexts("example.ts", text).flatMap(citedHeadings)).toEqual([
      { file: "README.md", heading: "Quick start" },
      { file: "docs/guide/route-table.md", heading: "The route table" },
      { file: "docs/guide/errors.md", heading: "Errors" },
      { file: "docs/guide/errors.md", heading: "Errors in your own format" },
    ]);
  });
});
