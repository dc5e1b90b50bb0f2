import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { entryPoints, entrySource, exportedNames, optionsOf, parameterOptions } from "../support/declared-names.js";
import { markdownHeadings } from "../support/markdown.js";
import { repositoryRoot } from "../support/working-tree.js";

// docs/reference/api.md lists every export of each entry point of the
// package, and docs/reference/options.md every option of createApp, serve,
// createClient, a call and the Vite plugin, each in a table row whose first
// cell names it: a name exported or declared and not listed, or listed and
// no longer there, fails here, so the reference cannot fall behind the code
// (docs/reference/api.md, "API reference"; docs/reference/options.md, "Options").

/** What generated code imports, and users do not (docs/reference/api.md, "What is not API"). */
const NOT_API = new Set(["./internal"]);

/** A page's `## ` sections by heading, each with the name in the first code span of each table row's first cell. */
function tableNames(file: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let rows: string[] | undefined;
  for (const line of readFileSync(path.join(repositoryRoot, file), "utf8").split("\n")) {
    const heading = /^## (.+)$/.exec(line)?.[1];
    if (heading !== undefined) sections.set(heading, (rows = []));
    const named = /^\| `([^`]+)`/.exec(line)?.[1];
    if (named !== undefined) rows?.push(named);
  }
  return sections;
}

/** The section of `file` whose heading is `heading`; every one asked for must exist. */
function section(names: Map<string, string[]>, file: string, heading: string): string[] {
  const rows = names.get(heading);
  if (rows === undefined) throw new Error(`${file} has no section "## ${heading}"`);
  return rows;
}

const sorted = (names: readonly string[]) => [...new Set(names)].sort();

describe("docs/reference/api.md", () => {
  const file = "docs/reference/api.md";
  const names = tableNames(file);
  const entries = entryPoints().filter((subpath) => !NOT_API.has(subpath));

  it("has a section for each entry point of the package", () => {
    expect(entries.length).toBeGreaterThanOrEqual(6);
    const headings = markdownHeadings(readFileSync(path.join(repositoryRoot, file), "utf8"));
    expect(entries.filter((subpath) => !headings.includes(`\`honest${subpath.slice(1)}\``))).toEqual([]);
  });

  it.each(entries)("lists every export of %s, and nothing it does not export", (subpath) => {
    const exported = exportedNames(entrySource(subpath));
    expect(exported.length).toBeGreaterThan(0);
    expect(sorted(section(names, file, `\`honest${subpath.slice(1)}\``))).toEqual(sorted(exported));
  });
});

describe("docs/reference/options.md", () => {
  const file = "docs/reference/options.md";
  const names = tableNames(file);
  const declared: [heading: string, options: () => string[]][] = [
    ["createApp", () => optionsOf(entrySource("."), "AppOptions")],
    ["serve", () => optionsOf(entrySource("./node"), "ServeOptions")],
    // createClient's options as the generator writes them (its golden copy), and createSockets's.
    [
      "createClient",
      () => [
        ...parameterOptions("test/golden/client/api.ts", "createClient"),
        ...optionsOf(entrySource("./client"), "SocketClientOptions"),
      ],
    ],
    [
      "A call's options",
      () => [
        ...new Set([
          ...optionsOf(entrySource("./client"), "CallOptions"),
          ...optionsOf(entrySource("./client"), "FileCallOptions"),
          ...optionsOf(entrySource("./client"), "SocketCallOptions"),
          // A route with validators takes its revalidation or its preconditions (docs/guide/conditional-requests.md, "In the document and the client").
          ...optionsOf(entrySource("./client"), "ReadConditions"),
          ...optionsOf(entrySource("./client"), "WriteConditions"),
        ]),
      ],
    ],
    ["The Vite plugin", () => optionsOf(entrySource("./vite"), "HonestViteOptions")],
  ];

  it.each(declared)("%s: a row for every option its type declares, nested ones too, and no other", (heading, options) => {
    const expected = options();
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(section(names, file, heading))).toEqual(sorted(expected));
  });

  it("reads nested options (in a union with boolean too), inherited ones and intersections", () => {
    expect(optionsOf(entrySource("."), "AppOptions")).toEqual(
      expect.arrayContaining(["sockets", "sockets.origins", "openapi.docs", "health.ready"]),
    );
    expect(optionsOf(entrySource("./client"), "SocketClientOptions")).toEqual(expect.arrayContaining(["baseUrl", "WebSocket"]));
    expect(parameterOptions("test/golden/client/api.ts", "createClient")).toEqual(expect.arrayContaining(["baseUrl", "checks"]));
  });
});
