import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXAMPLE_ROUTE_TABLE } from "../support/example-route-table.js";
import { readmeBlock } from "../support/readme.js";
import { repositoryRoot } from "../support/working-tree.js";

// README.md is the package's one page (docs/contributing.md, "Repository
// layout"): what honest is, the quick start, setting up a project and a
// short tour, at most 400 lines; the rest lives in docs/, which it links.

const MAX_LINES = 400;

describe("README.md", () => {
  it(`is at most ${MAX_LINES} lines`, () => {
    const lines = readFileSync(path.join(repositoryRoot, "README.md"), "utf8").replace(/\n$/, "").split("\n");
    expect(lines.length).toBeGreaterThan(50);
    expect(lines.length).toBeLessThanOrEqual(MAX_LINES);
  });

  it('shows the route table the example prints (README, "Quick start")', () => {
    // Then serve's line as pino-pretty writes it in a terminal (docs/guide/logs-and-traces.md, "Logs"), at any time of day.
    const [table, listening] = splitAfter(readmeBlock("`npm start` prints:"), `${EXAMPLE_ROUTE_TABLE}\n`);
    expect(table).toBe(`${EXAMPLE_ROUTE_TABLE}\n`);
    expect(listening).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: listening on http:\/\/localhost:3000\n {4}address: "::"\n {4}port: 3000\n$/,
    );
  });
});

/** `text` cut after `prefix` where it starts with it: the prefix, then the rest; else the whole text, then nothing. */
function splitAfter(text: string, prefix: string): [string, string] {
  return text.startsWith(prefix) ? [prefix, text.slice(prefix.length)] : [text, ""];
}
