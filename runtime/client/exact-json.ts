// JSON text to a value, with the integers JSON.parse would round kept exact.
// JSON.parse reads 9007199254740993 as 9007199254740992 before any code sees
// it, so an answer whose type holds an i64 and whose text has a number of
// 16 digits or more is read here instead: integers of up to 15 digits as
// numbers, longer ones as bigints; the generated readers then give each
// position the type it declares. Small on purpose, as clients are shipped.

/** 16 digits, perhaps around a decimal point: a number JSON.parse may round (also inside strings; that only costs time). */
const MAY_ROUND = /\d(?:\.?\d){15}/;

export function parseAnswerJson(text: string, exact: boolean): unknown {
  return exact && MAY_ROUND.test(text) ? new ExactParser(text).document() : JSON.parse(text);
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const SPACE = /[ \t\n\r]*/y;

class ExactParser {
  #at = 0;
  constructor(readonly text: string) {}

  document(): unknown {
    const value = this.#value();
    this.#space();
    if (this.#at !== this.text.length) this.#fail();
    return value;
  }

  #value(): unknown {
    this.#space();
    const char = this.text[this.#at];
    if (char === "{") return this.#object();
    if (char === "[") return this.#array();
    if (char === '"') return this.#string();
    for (const [word, value] of WORDS) {
      if (this.text.startsWith(word, this.#at)) {
        this.#at += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = this.#at;
    const match = NUMBER.exec(this.text);
    if (match === null) return this.#fail();
    this.#at = NUMBER.lastIndex;
    const digits = match[0].length - (match[0].startsWith("-") ? 1 : 0);
    return match[1] === undefined && match[2] === undefined && digits > 15 ? BigInt(match[0]) : Number(match[0]);
  }

  #object(): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    this.#at++;
    if (this.#next() === "}") return this.#close(object);
    for (;;) {
      this.#space();
      const key = this.#string();
      if (this.#next() !== ":") this.#fail();
      this.#at++;
      // A key such as "__proto__" is an own property, as JSON.parse makes it.
      Object.defineProperty(object, key, { value: this.#value(), enumerable: true, writable: true, configurable: true });
      const next = this.#next();
      this.#at++;
      if (next === "}") return object;
      if (next !== ",") this.#fail();
    }
  }

  #array(): unknown[] {
    const array: unknown[] = [];
    this.#at++;
    if (this.#next() === "]") return this.#close(array);
    for (;;) {
      array.push(this.#value());
      const next = this.#next();
      this.#at++;
      if (next === "]") return array;
      if (next !== ",") this.#fail();
    }
  }

  #string(): string {
    if (this.text[this.#at] !== '"') this.#fail();
    let end = this.#at + 1;
    while (end < this.text.length && this.text[end] !== '"') end += this.text[end] === "\\" ? 2 : 1;
    // JSON.parse checks the escapes and control characters of one string.
    const value = JSON.parse(this.text.slice(this.#at, end + 1)) as string;
    this.#at = end + 1;
    return value;
  }

  #close<T>(value: T): T {
    this.#at++;
    return value;
  }

  /** The next character after white space. */
  #next(): string | undefined {
    this.#space();
    return this.text[this.#at];
  }

  #space(): void {
    SPACE.lastIndex = this.#at;
    SPACE.exec(this.text);
    this.#at = SPACE.lastIndex;
  }

  #fail(): never {
    throw new SyntaxError(`the answer is not JSON: unexpected text at position ${this.#at}`);
  }
}

const WORDS: readonly (readonly [string, unknown])[] = [
  ["true", true],
  ["false", false],
  ["null", null],
];
