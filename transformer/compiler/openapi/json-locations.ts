// Where a JSON pointer's value is written in a JSON text, so that a
// diagnostic about the committed OpenAPI document can point into it as
// tsc points into a source file: `openapi.json(41,5)`. The text is known to
// parse (JSON.parse read it first); this scanner only notes positions.

/** Line and column, each from 1, as diagnostics print them. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/**
 * The offset of the member that holds `pointer`'s value (its key, for a
 * member of an object; the value itself for an array's item or the root);
 * for a pointer the text does not have, the nearest enclosing one's.
 */
export function pointerOffset(text: string, pointer: string): number {
  const tokens = pointer === "" ? [] : pointer.slice(1).split("/").map(unescapeToken);
  let index = skipSpace(text, 0);
  let found = index;
  for (const token of tokens) {
    const opening = text[index];
    if (opening === "{") {
      index = skipSpace(text, index + 1);
      let member: number | undefined;
      while (text[index] === '"') {
        const keyStart = index;
        const keyEnd = stringEnd(text, index);
        const key = JSON.parse(text.slice(keyStart, keyEnd)) as string;
        index = skipSpace(text, skipSpace(text, keyEnd) + 1); // past the colon
        if (key === token) {
          member = keyStart;
          break;
        }
        index = skipSpace(text, valueEnd(text, index));
        if (text[index] === ",") index = skipSpace(text, index + 1);
      }
      if (member === undefined) return found;
      found = member;
    } else if (opening === "[") {
      const wanted = Number(token);
      index = skipSpace(text, index + 1);
      let item = 0;
      while (item < wanted && text[index] !== "]" && index < text.length) {
        index = skipSpace(text, valueEnd(text, index));
        if (text[index] === ",") index = skipSpace(text, index + 1);
        item++;
      }
      if (item !== wanted || text[index] === "]" || !Number.isInteger(wanted)) return found;
      found = index;
    } else {
      return found;
    }
  }
  return found;
}

/** `offset`'s line and column in `text`, each from 1. */
export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf("\n"); index !== -1 && index < offset; index = text.indexOf("\n", index + 1)) {
    line++;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** The offset where each line of `text` starts, as TypeScript keeps a source file's lines. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) starts.push(index + 1);
  return starts;
}

function unescapeToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

function skipSpace(text: string, index: number): number {
  while (index < text.length && (text[index] === " " || text[index] === "\n" || text[index] === "\r" || text[index] === "\t")) index++;
  return index;
}

/** The offset just past the string that starts at `index`. */
function stringEnd(text: string, index: number): number {
  for (let at = index + 1; at < text.length; at++) {
    if (text[at] === "\\") at++;
    else if (text[at] === '"') return at + 1;
  }
  return text.length;
}

/** The offset just past the value that starts at `index`. */
function valueEnd(text: string, index: number): number {
  const first = text[index];
  if (first === '"') return stringEnd(text, index);
  if (first === "{" || first === "[") {
    let depth = 0;
    for (let at = index; at < text.length; at++) {
      const char = text[at];
      if (char === '"') at = stringEnd(text, at) - 1;
      else if (char === "{" || char === "[") depth++;
      else if (char === "}" || char === "]") {
        depth--;
        if (depth === 0) return at + 1;
      }
    }
    return text.length;
  }
  let at = index;
  while (at < text.length && !",}] \n\r\t".includes(text[at]!)) at++;
  return at;
}
