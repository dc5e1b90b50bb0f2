import { describe, expect, it } from "vitest";
import { ClientTypes } from "../../transformer/compiler/client/client-types.js";
import { UniqueNames } from "../../transformer/compiler/client/client-names.js";
import { CodeWriter, importDeclaration, inlineTypeLiteral } from "../../transformer/compiler/client/code-writer.js";
import type { JsonShape } from "../../transformer/compiler/model.js";

// docs/guide/openapi-and-clients.md, "A client generated with the app": the client is written through a code
// writer, each piece built as data and written once, so that nothing written is read back to learn what it is.

describe("the client's code writer", () => {
  it("writes blocks at their indentation, empty lines empty, and doc comments on one line when they fit", () => {
    const writer = new CodeWriter();
    writer
      .doc({ summary: "A client." })
      .block("export function f(): void {", () => writer.doc({ summary: "First.", description: "Then */ more." }).line("g();").line(), "}");
    expect(writer.text()).toBe(
      [
        "/** A client. */",
        "export function f(): void {",
        "  /**",
        "   * First.",
        "   *",
        "   * Then *\\/ more.",
        "   */",
        "  g();",
        "",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("writes type literals from their members, and imports sorted by name whether types or not", () => {
    expect(inlineTypeLiteral([])).toBe("{}");
    expect(
      inlineTypeLiteral([
        { key: "id", optional: false, type: "bigint" },
        { key: '"x-trace"', optional: true, type: "string" },
      ]),
    ).toBe('{ id: bigint; "x-trace"?: string }');
    expect(
      importDeclaration(
        [
          { name: "connect", type: false },
          { name: "Answer", type: true },
        ],
        "honest/client",
      ),
    ).toBe('import { type Answer, connect } from "honest/client";');
  });

  it("parenthesises an array's element by what the type is, not by the characters it was written with", () => {
    const types = new ClientTypes([], new UniqueNames());
    const array = (element: JsonShape): JsonShape => ({ kind: "array", element });
    const literal = (value: string): JsonShape => ({ kind: "literal", value });
    expect(types.typeOf(array({ kind: "union", members: [{ kind: "string" }, { kind: "null" }] }))).toBe("(string | null)[]");
    expect(types.typeOf(array(literal("a|b")))).toBe('"a|b"[]');
    expect(types.typeOf(array({ kind: "union", members: [literal("a|b")] }))).toBe('"a|b"[]');
  });
});
