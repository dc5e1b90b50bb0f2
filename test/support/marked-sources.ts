// Fixture sources that say where each expected diagnostic starts: a marker
// «CODE» just before the token, stripped from the text written to disk, so
// a test knows every line and column without counting them by hand.

/** Where a marker stood in the stripped text, 1-based as tsc and tsserver count. */
export interface Mark {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly code: number;
}

/** The sources without their markers, and the marks, in file then text order. */
export function stripMarks(sources: Record<string, string>): { texts: Record<string, string>; marks: Mark[] } {
  const texts: Record<string, string> = {};
  const marks: Mark[] = [];
  for (const [file, marked] of Object.entries(sources)) {
    const lines = marked.split("\n").map((line, index) => {
      let stripped = line;
      for (let match = /«(\d+)»/.exec(stripped); match; match = /«(\d+)»/.exec(stripped)) {
        marks.push({ file, line: index + 1, column: match.index + 1, code: Number(match[1]) });
        stripped = stripped.slice(0, match.index) + stripped.slice(match.index + match[0].length);
      }
      return stripped;
    });
    texts[file] = lines.join("\n");
  }
  return { texts, marks };
}
