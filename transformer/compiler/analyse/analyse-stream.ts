import type ts from "typescript";
import type { HonestMessage } from "../diagnostics.js";
import { messages } from "../diagnostic-messages.js";
import type { JsonShape, SseEventModel, StreamModel } from "../model.js";
import { analyseJsonType } from "./analyse-json-type.js";
import type { AnalysisContext } from "./analysis-context.js";

// A streamed return type, `Sse<T>` or `Ndjson<T>` (docs/guide/streams.md,
// "Streams"): the format, and the JSON shape of each item's `T`. Items of an
// `Sse<T>` may be `SseEvent<Data, Name>`s, alone or in a union, so that each
// carries its event's name, id and retry; then the shape written is their
// `data`'s. A `T` that cannot travel as JSON is reported where it is declared,
// as for `Json<T>`, and gives undefined.

export type StreamTag = "Sse" | "Ndjson";

type Analysed = { readonly stream: StreamModel } | { readonly mistake: HonestMessage; readonly node: ts.Node } | undefined;

export function isStreamTag(tag: string | undefined): tag is StreamTag {
  return tag === "Sse" || tag === "Ndjson";
}

export function analyseStream(context: AnalysisContext, tag: StreamTag, item: ts.TypeNode | undefined, label: string): Analysed {
  // Without its `T` the annotation is already TypeScript's error.
  if (!item) return undefined;
  const format = tag === "Sse" ? "sse" : "ndjson";
  const members = unionMembers(context, item);
  const events = members.map((member) => context.symbols.markerOf(member)).filter((marker) => marker?.tag === "SseEvent");
  if (events.length === 0) {
    const shape = analyseJsonType(context, item, tag, label);
    return shape && { stream: { format, item: shape } };
  }
  if (format === "ndjson") return { mistake: messages.ReturnType.sseEventInNdjson({ written: item.getText() }), node: item };
  if (events.length < members.length) return { mistake: messages.ReturnType.sseEventsMixed({ written: item.getText() }), node: item };
  const models: SseEventModel[] = [];
  for (const event of events) {
    const [data, name] = event!.typeArguments;
    if (!data) return undefined;
    const shape = analyseJsonType(context, data, tag, label);
    if (!shape) return undefined;
    models.push({ names: eventNames(context, name), data: shape });
  }
  return { stream: { format, item: dataShape(models), events: models } };
}

/** The members of a union written in place or behind the program's non-generic aliases (`type FeedEvent = A | B`); else the node itself. */
export function unionMembers(context: AnalysisContext, node: ts.TypeNode): readonly ts.TypeNode[] {
  const { syntax } = context.facts;
  let current = node;
  for (let depth = 0; depth < 16; depth++) {
    while (syntax.isParenthesizedTypeNode(current)) current = current.type;
    if (syntax.isUnionTypeNode(current)) return current.types;
    if (!syntax.isTypeReferenceNode(current) || current.typeArguments) return [node];
    const symbol = context.facts.symbolAt(current.typeName);
    const alias = symbol && context.facts.declarations(context.facts.aliasTarget(symbol)).find(syntax.isTypeAliasDeclaration);
    if (!alias || alias.typeParameters) return [node];
    current = alias.type;
  }
  return [node];
}

/** `Name` of `SseEvent<Data, Name>` as its string literals; undefined for `string` or when left out. */
function eventNames(context: AnalysisContext, name: ts.TypeNode | undefined): readonly string[] | undefined {
  if (!name) return undefined;
  const { facts } = context;
  const type = facts.typeOfTypeNode(name);
  const names: string[] = [];
  for (const member of facts.unionMembers(type) ?? [type]) {
    const value = facts.literalValue(member);
    if (typeof value !== "string") return undefined;
    names.push(value);
  }
  return names;
}

/** The data of every event: one shape, or a union of the different ones. */
function dataShape(events: readonly SseEventModel[]): JsonShape {
  const distinct: JsonShape[] = [];
  for (const { data } of events) if (!distinct.some((shape) => JSON.stringify(shape) === JSON.stringify(data))) distinct.push(data);
  return distinct.length === 1 ? distinct[0]! : { kind: "union", members: distinct };
}
