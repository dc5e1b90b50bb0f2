// A file that is not TypeScript (the committed OpenAPI document), as a
// diagnostic points into it, the way tsc points into a source file:
// `openapi.json(41,5)`. Its lines are found once, so that each position
// asked for is a binary search rather than a reading of the text.

/** Line and column, each from 1, as diagnostics print them. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/** A text's lines. */
export class TextLines {
  /** The offset where each line starts, as TypeScript keeps a source file's lines. */
  readonly starts: readonly number[];

  constructor(text: string) {
    const starts = [0];
    for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) starts.push(index + 1);
    this.starts = starts;
  }

  /** `offset`'s line and column, each from 1. */
  positionOf(offset: number): TextPosition {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.starts[low]! + 1 };
  }
}

/** A file that is not TypeScript (the committed OpenAPI document), with its lines, for diagnostics in it. */
export interface TextFile {
  readonly fileName: string;
  readonly text: string;
  readonly lines: TextLines;
}
