import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { headingAnchors, headingSlug, markdownHeadings, markdownLinks, REPOSITORY_URL } from "../support/markdown.js";

// Every link in README.md and docs/ leads somewhere. A relative link names a
// file or folder the repository has, and its `#anchor` a heading of that file.
// README.md is also the package's page on the registry, which carries no other
// file, so it links to the repository's files by URL only
// (`${REPOSITORY_URL}/blob/main/<path>`), each of which must be a file of this
// tree. Other hosts are not asked (the tests run without a network); their
// URLs must only be well formed.

const root = path.resolve(import.meta.dirname, "../..");

/** The Markdown files under `folder`, relative to the repository. */
function markdownFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith(".md") ? [file] : [];
  });
}

const DOCS = markdownFiles("docs");
const FILES = ["README.md", ...DOCS, ...(existsSync(path.join(root, "CHANGELOG.md")) ? ["CHANGELOG.md"] : [])];
const text = (file: string) => readFileSync(path.join(root, file), "utf8");

/** What is wrong with `target#anchor` (a path from the repository's root), or undefined when both exist. */
function fault(target: string, anchor: string | undefined): string | undefined {
  const full = path.join(root, target);
  if (target.split("/").includes("..") || !existsSync(full)) return `no such file: ${target}`;
  if (anchor === undefined) return undefined;
  if (statSync(full).isDirectory() || !target.endsWith(".md")) return `an anchor into a file that is not Markdown: ${target}#${anchor}`;
  return headingAnchors(text(target)).has(decodeURIComponent(anchor)) ? undefined : `no heading for #${anchor} in ${target}`;
}

/** What is wrong with one link of `file`. */
function linkFault(file: string, link: string): string | undefined {
  const [destination, anchor] = link.split(/#(.*)/s) as [string, string | undefined];
  if (/^[a-z][a-z\d+.-]*:/i.test(link)) {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      return "not a well-formed URL";
    }
    if (!["https:", "http:", "mailto:"].includes(url.protocol)) return `a ${url.protocol} URL`;
    const inRepository = new RegExp(`^${REPOSITORY_URL.replaceAll(".", "\\.")}/(?:blob|tree)/main/([^#?]+)$`).exec(destination);
    return inRepository ? fault(decodeURI(inRepository[1]!).replace(/\/$/, ""), anchor) : undefined;
  }
  if (file === "README.md") return "a relative link in README.md, which the registry's page cannot follow";
  if (destination === "") return fault(file, anchor);
  if (destination.startsWith("/")) return "a link from the site's root";
  return fault(path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(destination))), anchor);
}

describe("links in README.md and docs/", () => {
  it.each(FILES)("%s: every link leads to a file and heading that exist", (file) => {
    const broken = markdownLinks(text(file)).flatMap(({ target, line }) => {
      const why = linkFault(file, target);
      return why === undefined ? [] : [`${file}:${line} ${target}: ${why}`];
    });
    expect(broken).toEqual([]);
  });

  it("README.md links to the documentation and into the repository by absolute URLs", () => {
    const targets = markdownLinks(text("README.md")).map(({ target }) => target);
    expect(targets).toContain(`${REPOSITORY_URL}/blob/main/docs/README.md`);
    expect(targets.filter((target) => target.startsWith(`${REPOSITORY_URL}/blob/main/`)).length).toBeGreaterThan(20);
  });

  it("docs/README.md lists every page", () => {
    const listed = new Set(markdownLinks(text("docs/README.md")).map(({ target }) => path.posix.join("docs", target.split("#")[0]!)));
    expect(DOCS.filter((page) => page !== "docs/README.md" && !listed.has(page))).toEqual([]);
  });

  it.each(DOCS.filter((page) => page !== "docs/README.md"))(
    "%s has a title, and a contents list when it has more than two sections",
    (page) => {
      const lines = text(page).split("\n");
      expect(lines[0]).toMatch(/^# \S/);
      const sections = markdownHeadings(text(page)).filter((heading) => lines.includes(`## ${heading}`));
      if (sections.length <= 2) return;
      const beforeFirst = lines.slice(0, lines.indexOf(`## ${sections[0]}`)).join("\n");
      const contents = new Set(markdownLinks(beforeFirst).map(({ target }) => target));
      expect(sections.filter((heading) => !contents.has(`#${headingSlug(heading)}`))).toEqual([]);
    },
  );
});
