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

/**
 * JSON.parse's value of `text`, integers of more than 15 digits as bigints.
 * Functions over a position rather than a class, as it is shipped; a loop
 * with a list of the open arrays and objects rather than recursion, so an
 * answer nests as deep as JSON.parse reads it (a million levels).
 */
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

  /** An object member's key and its colon, after white space. */
  const key = (): string => {
    space();
    const found = string();
    if (next() !== ":") fail();
    at++;
    return found;
  };

  /** A string, a word or a number. */
  const scalar = (): unknown => {
    if (text[at] === '"') return string();
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

  /** The arrays and objects opened and not yet closed, innermost last; an object with the key its next value goes to. */
  const open: [container: unknown[] | Record<string, unknown>, key: string][] = [];
  for (;;) {
    let value: unknown;
    const char = next();
    if (char === "[" || char === "{") {
      at++;
      const container = char === "[" ? [] : {};
      if (next() === (char === "[" ? "]" : "}")) {
        at++;
        value = container;
      } else {
        open.push([container, char === "{" ? key() : ""]);
        continue;
      }
    } else value = scalar();
    // A value is whole: it goes in its container, which may then close, and so on outwards.
    for (;;) {
      const innermost = open[open.length - 1];
      if (innermost === undefined) {
        space();
        if (at !== text.length) fail();
        return value;
      }
      const [container, name] = innermost;
      // A key such as "__proto__" is an own property, as JSON.parse makes it.
      if (Array.isArray(container)) container.push(value);
      else Object.defineProperty(container, name, { value, enumerable: true, writable: true, configurable: true });
      const after = next();
      at++;
      if (after === ",") {
        if (!Array.isArray(container)) innermost[1] = key();
        break;
      }
      if (after !== (Array.isArray(container) ? "]" : "}")) fail();
      value = container;
      open.pop();
    }
  }
}
