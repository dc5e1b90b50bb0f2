import { HonestCode } from "./honest-codes.js";

// Fixture sources that say where each expected diagnostic starts: a marker
// «Name» (a HonestCode's name) just before the token, stripped from the text written to disk, so
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
      for (let match = /«(\w+)»/.exec(stripped); match; match = /«(\w+)»/.exec(stripped)) {
        marks.push({ file, line: index + 1, column: match.index + 1, code: codeNamed(match[1]!) });
        stripped = stripped.slice(0, match.index) + stripped.slice(match.index + match[0].length);
      }
      return stripped;
    });
    texts[file] = lines.join("\n");
  }
  return { texts, marks };
}

function codeNamed(name: string): HonestCode {
  const code = HonestCode[name as keyof typeof HonestCode];
  if (code === undefined) throw new Error(`«${name}» names no HonestCode`);
  return code;
}
