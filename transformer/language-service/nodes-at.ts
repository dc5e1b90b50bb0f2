import ts from "typescript";

// Where in a file an editor's request points: the node a diagnostic spans
// (a quick fix's start and end), or the innermost node under the cursor (a hover).

/** The innermost node of `file` that starts at `start` and ends at `end`, tokens aside. */
export function nodeSpanning(file: ts.SourceFile, start: number, end: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (node.getStart(file) <= start && end <= node.getEnd()) {
      if (node.getStart(file) === start && node.getEnd() === end) found = node;
      ts.forEachChild(node, visit);
    }
  };
  ts.forEachChild(file, visit);
  return found;
}

/** The innermost node of `file` under `position`, tokens aside: an identifier rather than the reference it names. */
export function nodeAt(file: ts.SourceFile, position: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (node.getStart(file) <= position && position < node.getEnd()) {
      found = node;
      ts.forEachChild(node, visit);
    }
  };
  ts.forEachChild(file, visit);
  return found;
}
