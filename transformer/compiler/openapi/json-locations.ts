// Where JSON pointers' values are written in a JSON text, so that a
// diagnostic about the committed OpenAPI document can point into it as
// tsc points into a source file: `openapi.json(41,5)`. The text is known to
// parse (JSON.parse read it first); this scanner only notes positions. It
// finds every pointer asked for in one pass, with a stack of its own rather
// than the call stack, so that a document of 20 000 removed operations, or
// one nested 100 000 levels deep, costs one reading of the text
// (docs/guide/openapi-and-clients.md, "Stopping a breaking change").

/**
 * For each of `pointers`, the offset of the member that holds its value (its
 * key, for a member of an object; the value itself for an array's item or
 * the root); for a pointer the text does not have, the nearest enclosing
 * one's.
 */
export function pointerOffsets(text: string, pointers: readonly string[]): number[] {
  const root = wanted();
  root.offset = skipSpace(text, 0);
  const paths = pointers.map((pointer) => {
    const nodes = [root];
    if (pointer !== "") {
      for (const token of pointer.slice(1).split("/").map(unescapeToken)) {
        const parent = nodes[nodes.length - 1]!;
        let child = parent.children.get(token);
        if (!child) parent.children.set(token, (child = wanted()));
        nodes.push(child);
      }
    }
    return nodes;
  });
  scan(text, root);
  return paths.map((nodes) => {
    let found = root.offset!;
    for (const node of nodes) {
      if (node.offset === undefined) break;
      found = node.offset;
    }
    return found;
  });
}

/** A pointer's token asked for, and what is asked for below it; `offset` once the scan has found it. */
interface Wanted {
  readonly children: Map<string, Wanted>;
  offset: number | undefined;
}

function wanted(): Wanted {
  return { children: new Map(), offset: undefined };
}

/** An object or array the scan is inside: what is wanted in it, and, for an array, the index of the item it is at. */
interface Container {
  readonly node: Wanted;
  readonly array: boolean;
  item: number;
}

/** Notes the offset of each wanted member, entering only the objects and arrays that hold one and skipping the rest whole. */
function scan(text: string, root: Wanted): void {
  const inside: Container[] = [];
  let index = root.offset!;
  let node: Wanted | undefined = root;
  for (;;) {
    // At the start of a value that `node` describes (undefined: nothing wanted in it).
    const first = text[index];
    if ((first === "{" || first === "[") && node !== undefined && node.children.size > 0) {
      const container: Container = { node, array: first === "[", item: 0 };
      index = skipSpace(text, index + 1);
      if (text[index] !== "}" && text[index] !== "]") {
        inside.push(container);
        [index, node] = member(text, index, container);
        continue;
      }
      index++;
    } else {
      index = valueEnd(text, index);
    }
    // Past a value: on to the next member of the container it is in, or out of containers that end here.
    for (;;) {
      index = skipSpace(text, index);
      const container = inside[inside.length - 1];
      if (container === undefined) return;
      if (text[index] === ",") {
        container.item++;
        [index, node] = member(text, skipSpace(text, index + 1), container);
        break;
      }
      // `}` or `]`: the container ends.
      inside.pop();
      index++;
    }
  }
}

/** At a member of `container` (its key, or an array's item): where its value starts, and what is wanted in it. */
function member(text: string, index: number, container: Container): [number, Wanted | undefined] {
  if (container.array) {
    const child = container.node.children.get(String(container.item));
    if (child) child.offset = index;
    return [index, child];
  }
  const keyEnd = stringEnd(text, index);
  const child = container.node.children.get(JSON.parse(text.slice(index, keyEnd)) as string);
  if (child) child.offset = index;
  return [skipSpace(text, skipSpace(text, keyEnd) + 1), child]; // past the colon
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

/** The offset just past the value that starts at `index`, counting brackets rather than recursing. */
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
