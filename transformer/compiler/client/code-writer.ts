import type { DocComment } from "../model.js";

// How the client module's text is written (docs/guide/openapi-and-clients.md,
// "A client generated with the app"): a line at a time, at the indentation of
// the block it is in, blocks opened and closed as a person writes them, and
// type literals from their members, so that no piece is written as a string
// and then read again to learn what it holds.

export class CodeWriter {
  readonly #lines: string[] = [];
  #depth = 0;

  /** One line at the current indentation; an empty line stays empty. */
  line(text = ""): this {
    this.#lines.push(text === "" ? "" : `${"  ".repeat(this.#depth)}${text}`);
    return this;
  }

  /** `body`'s lines one level further in. */
  indented(body: () => void): this {
    this.#depth++;
    body();
    this.#depth--;
    return this;
  }

  /** `open`, `body`'s lines one level in, then `close`. */
  block(open: string, body: () => void, close: string): this {
    return this.line(open).indented(body).line(close);
  }

  /** A doc comment's summary and description, as the client's users read them in their editor: on one line when they fit one. */
  doc(doc: DocComment | undefined): this {
    const text = [doc?.summary, doc?.description].filter((part) => part !== undefined).join("\n\n");
    const lines = text === "" ? [] : text.split("\n").map((line) => line.replaceAll("*/", "*\\/"));
    if (doc?.deprecated) lines.push("@deprecated");
    if (lines.length === 0) return this;
    if (lines.length === 1) return this.line(`/** ${lines[0]} */`);
    this.line("/**");
    for (const line of lines) this.line(line === "" ? " *" : ` * ${line}`);
    return this.line(" */");
  }

  /** Another writer's lines, at this one's indentation. */
  write(other: CodeWriter): this {
    for (const line of other.#lines) this.line(line);
    return this;
  }

  /** Whether nothing has been written. */
  get empty(): boolean {
    return this.#lines.length === 0;
  }

  /** The lines written, each ended by a line break. */
  text(): string {
    return this.#lines.map((line) => `${line}\n`).join("");
  }
}

/** A member of a type literal or interface: `key?: type`, with the doc comment a declared type's member keeps. */
export interface TypeMember {
  /** The key as TypeScript writes it (client-names.ts, propertyKey). */
  readonly key: string;
  readonly optional: boolean;
  readonly type: string;
  readonly doc?: DocComment | undefined;
}

/** `key?: type`. */
export function memberText(member: TypeMember): string {
  return `${member.key}${member.optional ? "?" : ""}: ${member.type}`;
}

/** A type literal on one line, as a type written where it is used: `{ id: bigint; name?: string }`, `{}` without members. */
export function inlineTypeLiteral(members: readonly TypeMember[]): string {
  return members.length === 0 ? "{}" : `{ ${members.map(memberText).join("; ")} }`;
}

/** A declared type's members one a line, each after its doc comment. */
export function writeMembers(writer: CodeWriter, members: readonly TypeMember[]): void {
  for (const member of members) writer.doc(member.doc).line(`${memberText(member)};`);
}

/** A name a module imports, and whether only as a type. */
export interface ImportedName {
  readonly name: string;
  readonly type: boolean;
}

/** `import { type A, b } from "specifier";`, the names in alphabetical order whether types or not. */
export function importDeclaration(names: readonly ImportedName[], specifier: string): string {
  const sorted = [...names].sort((a, b) => a.name.localeCompare(b.name));
  return `import { ${sorted.map(({ name, type }) => (type ? `type ${name}` : name)).join(", ")} } from ${JSON.stringify(specifier)};`;
}
