import type ts from "typescript";
import { messages } from "../diagnostic-messages.js";
import type { InjectableModel, TopicFieldModel } from "../model.js";
import { analyseJsonType } from "./analyse-json-type.js";
import type { AnalysisContext } from "./analysis-context.js";

// The `Topic<T>` fields of a class (docs/guide/topics.md, "Declaring a topic"):
// `declare readonly changes: Topic<ItemChange>`, filled by the injector with
// the app's topic of that name, whose messages are written and read by code
// generated for `T` as a response is written and a body read, so `T` must be
// both. One name is one topic across the program, so it carries one type
// (checked once the whole program is walked: reportTopicClashes).

export function analyseTopicFields(context: AnalysisContext, node: ts.ClassDeclaration, perRequest: boolean): TopicFieldModel[] {
  const { facts, symbols, sink } = context;
  const { syntax } = facts;
  const className = node.name?.text ?? "(anonymous class)";
  const fields: TopicFieldModel[] = [];
  for (const member of node.members) {
    if (!syntax.isPropertyDeclaration(member) || !member.type) continue;
    const marker = symbols.markerOf(member.type);
    if (marker?.tag !== "Topic") continue;
    const field = `${className}.${member.name.getText()}`;
    if (
      !syntax.isIdentifier(member.name) ||
      syntax.hasModifier(member, "static") ||
      !syntax.hasModifier(member, "declare") ||
      !syntax.hasModifier(member, "readonly")
    ) {
      sink.error(member.name, messages.TopicField.notAField({ field }));
      continue;
    }
    if (perRequest) {
      sink.error(member.name, messages.TopicField.perRequest({ field, className }));
      continue;
    }
    const [argument, nameArgument] = marker.typeArguments;
    if (!argument) continue; // TypeScript reports Topic without T
    let topic = field;
    if (nameArgument) {
      const literal = stringLiteral(context, nameArgument);
      if (literal === undefined) {
        sink.error(nameArgument, messages.TopicField.nameNotLiteral({ field, written: member.type.getText() }));
        continue;
      }
      topic = literal;
    }
    const shape = analyseJsonType(context, argument, "topic", field);
    if (shape) fields.push({ field: member.name.text, topic, shape, written: argument.getText() });
  }
  return fields;
}

/** The value of a `"name"` type argument: a string literal type, not empty. */
function stringLiteral({ facts }: AnalysisContext, node: ts.TypeNode): string | undefined {
  const type = facts.typeOfTypeNode(node);
  if (!(facts.typeFlags(type) & facts.flags.TypeFlags.StringLiteral)) return undefined;
  const value = facts.literalValue(type);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * Reports each field that gives a topic's name another type than its first declaration, in file then text order, so
 * that the build, `honest check` and the editor name the same one.
 */
export function reportTopicClashes(context: AnalysisContext, injectables: readonly InjectableModel[]): void {
  const declared = injectables
    .flatMap((injectable) =>
      injectable.topicFields.map((field) => ({ injectable, field, at: clashNode(context, injectable.node, field.field) })),
    )
    .sort((a, b) => compareText(a.injectable.fileName, b.injectable.fileName) || a.at.pos - b.at.pos);
  const first = new Map<string, { readonly name: string; readonly written: string; readonly shape: string }>();
  for (const { injectable, field, at } of declared) {
    const name = `${injectable.className}.${field.field}`;
    const shape = JSON.stringify(field.shape);
    const earlier = first.get(field.topic);
    if (!earlier) first.set(field.topic, { name, written: field.written, shape });
    else if (earlier.shape !== shape) {
      context.sink.error(
        at,
        messages.TopicField.conflictingTypes({
          field: name,
          name: field.topic,
          written: field.written,
          other: earlier.written,
          otherField: earlier.name,
        }),
      );
    }
  }
}

/**
 * Where a clash is reported: the field's name type argument, else its type. Found again from the class, which the
 * model holds as an identity, so the model itself stays plain data (docs/how-it-works.md, "The compiler").
 */
function clashNode({ facts, symbols }: AnalysisContext, node: ts.ClassDeclaration, field: string): ts.Node {
  const member = node.members.find(
    (member): member is ts.PropertyDeclaration =>
      facts.syntax.isPropertyDeclaration(member) && facts.syntax.isIdentifier(member.name) && member.name.text === field,
  );
  if (!member?.type) return node;
  return symbols.markerOf(member.type)?.typeArguments[1] ?? member.type;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
