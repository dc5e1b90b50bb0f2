// JSON text to a value, with the integers JSON.parse would round kept exact.
// JSON.parse reads 9007199254740993 as 9007199254740992 before any code sees
// it, so an answer whose type holds an i64 and whose text has a number of
// 16 digits or more is read here instead: integers of up to 15 digits as
// numbers, longer ones as bigints; the generated readers then give each
// position the type it declares. Small on purpose, as clients are shipped.

/** 16 digits, perhaps around a decimal point: a number JSON.parse may round (also inside strings; that only costs time). */
const MAY_ROUND = /\d(?:\.?\d){15}/;

export function parseAnswerJson(text: string, exact: boolean): unknown {
  return exact && MAY_ROUND.test(text) ? parseExactly(text) : JSON.parse(text);
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const SPACE = /[ \t\n\r]*/y;
const WORDS: readonly (readonly [string, unknown])[] = [
  ["true", true],
  ["false", false],
  ["null", null],
];

/** JSON.parse's value of `text`, integers of more than 15 digits as bigints. Functions over a position rather than a class: it is shipped. */
function parseExactly(text: string): unknown {
  let at = 0;

  const fail = (): never => {
    throw new SyntaxError(`the answer is not JSON: unexpected text at position ${at}`);
  };

  const space = (): void => {
    SPACE.lastIndex = at;
    SPACE.exec(text);
    at = SPACE.lastIndex;
  };

  /** The next character after white space. */
  const next = (): string | undefined => {
    space();
    return text[at];
  };

  const string = (): string => {
    if (text[at] !== '"') fail();
    let end = at + 1;
    while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
    // JSON.parse checks the escapes and control characters of one string.
    const found = JSON.parse(text.slice(at, end + 1)) as string;
    at = end + 1;
    return found;
  };

  /** The items of an array or the members of an object, after its opening character, up to `close`. */
  const items = (close: string, item: () => void): void => {
    at++;
    if (next() === close) {
      at++;
      return;
    }
    for (;;) {
      item();
      const after = next();
      at++;
      if (after === close) return;
      if (after !== ",") fail();
    }
  };

  const value = (): unknown => {
    const char = next();
    if (char === "{") {
      const object: Record<string, unknown> = {};
      items("}", () => {
        space();
        const key = string();
        if (next() !== ":") fail();
        at++;
        // A key such as "__proto__" is an own property, as JSON.parse makes it.
        Object.defineProperty(object, key, { value: value(), enumerable: true, writable: true, configurable: true });
      });
      return object;
    }
    if (char === "[") {
      const array: unknown[] = [];
      items("]", () => array.push(value()));
      return array;
    }
    if (char === '"') return string();
    for (const [word, meaning] of WORDS) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return meaning;
      }
    }
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (match === null) return fail();
    at = NUMBER.lastIndex;
    const digits = match[0].length - (match[0].startsWith("-") ? 1 : 0);
    return match[1] === undefined && match[2] === undefined && digits > 15 ? BigInt(match[0]) : Number(match[0]);
  };

  const document = value();
  space();
  if (at !== text.length) fail();
  return document;
}
