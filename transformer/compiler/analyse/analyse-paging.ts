import type ts from "typescript";
import type { HonestMessage } from "../diagnostics.js";
import { messages } from "../diagnostic-messages.js";
import type { HandlerParameterModel, HttpMethod, InputPropertyModel, PagingModel, ResponseModel } from "../model.js";
import type { AnalysisContext } from "./analysis-context.js";
import { ConstraintReader } from "./json-constraints.js";

// Paging declared on a route (docs/guide/pages.md, "Pages"): the
// OffsetPaging or CursorPaging inside the handler's `Query<T>` (intersected
// with its filter, or a base of it), found by the `@honest` tag of the
// interface that declares its `limit`, `offset` or `cursor`; and a
// `Paged<T>` answer, which needs one. The query's `limit` and `offset` are
// given defaults the reader fills (the handler's literal default, else
// `Max` and 0), so that the handler and the Link headers count pages alike:
// required in the handler's type, which always has them, and optional to the
// client and in the document, which shows the default.

const PAGING_TAGS: Readonly<Record<string, PagingModel["kind"]>> = { OffsetPaging: "offset", CursorPaging: "cursor" };

type Analysed =
  | { readonly parameters: readonly HandlerParameterModel[]; readonly paging: PagingModel | undefined }
  | { readonly mistake: HonestMessage; readonly node: ts.Node };

export function analysePaging(
  context: AnalysisContext,
  handler: ts.MethodDeclaration,
  method: HttpMethod,
  parameters: readonly HandlerParameterModel[],
  response: ResponseModel,
): Analysed {
  const written = `Paged<${pagedItem(context, handler) ?? "T"}>`;
  const declared = declaredPaging(context, handler);
  if (declared && "mistake" in declared) return declared;
  if (response.paged && method !== "GET") return { mistake: messages.Paging.notGet({ written, method }), node: handler.type! };
  if (!declared) {
    if (response.paged) return { mistake: messages.Paging.noPagingQuery({ written }), node: handler.type! };
    return { parameters, paging: undefined };
  }
  const index = parameters.findIndex((parameter) => parameter.kind === "input" && parameter.source === "query");
  const query = parameters[index];
  if (query?.kind !== "input") return { parameters, paging: undefined };
  const limit = query.properties.find((property) => property.name === "limit");
  const maximum = limit?.constraints?.find((constraint) => constraint.kind === "maximum");
  const max = maximum && "value" in maximum ? maximum.value : undefined;
  if (!limit || max === undefined || !Number.isInteger(max) || max < 1) {
    return { mistake: messages.Paging.maxNotLiteral({ paging: declared.written }), node: declared.node };
  }
  const size = limit.default ?? max;
  if (typeof size !== "number" || !Number.isInteger(size) || size < 1 || size > max) {
    return {
      mistake: messages.Paging.defaultOutOfRange({ key: "limit", value: String(size), range: `from 1 to ${max}` }),
      node: declared.node,
    };
  }
  const offset = query.properties.find((property) => property.name === "offset");
  const start = offset?.default ?? 0;
  if (declared.kind === "offset" && (typeof start !== "number" || !Number.isInteger(start) || start < 0)) {
    return { mistake: messages.Paging.defaultOutOfRange({ key: "offset", value: String(start), range: "from 0" }), node: declared.node };
  }
  const filled = (property: InputPropertyModel): InputPropertyModel =>
    property === limit
      ? { ...property, optional: true, default: size, defaultText: String(size) }
      : property === offset && declared.kind === "offset"
        ? { ...property, optional: true, default: start, defaultText: String(start) }
        : property;
  const withDefaults = [...parameters];
  withDefaults[index] = { ...query, properties: query.properties.map(filled) };
  return { parameters: withDefaults, paging: response.paged ? { kind: declared.kind, max, size } : undefined };
}

/**
 * A `Query<T>` whose paging's `Max` is no literal (`OffsetPaging<number>`): reported at the parameter, before its
 * `limit`'s constraint would be, at the paging's own declaration in honest.
 */
export function pagingMaxMistake(context: AnalysisContext, argument: ts.TypeNode): HonestMessage | undefined {
  const { facts, symbols } = context;
  const limit = facts.property(facts.typeOfTypeNode(argument), "limit");
  const owner = limit && (facts.valueDeclaration(limit)?.parent as { readonly name?: ts.Node } | undefined);
  const tag = owner?.name && symbols.tagOfName(owner.name);
  if (!limit || tag === undefined || !(tag in PAGING_TAGS)) return undefined;
  const reader = new ConstraintReader(symbols);
  const members = facts.intersectionMembers(facts.typeOfSymbol(limit)) ?? [];
  const broken = members.some((member) => {
    const read = reader.read(member);
    return read !== undefined && "mistake" in read;
  });
  return broken ? messages.Paging.maxNotLiteral({ paging: pagingText(argument, tag) }) : undefined;
}

/** The OffsetPaging or CursorPaging the handler's `Query<T>` declares, if any, and where a mistake about it points. */
function declaredPaging(
  context: AnalysisContext,
  handler: ts.MethodDeclaration,
):
  | { readonly kind: PagingModel["kind"]; readonly written: string; readonly node: ts.Node }
  | { mistake: HonestMessage; node: ts.Node }
  | undefined {
  const { facts, symbols } = context;
  for (const parameter of handler.parameters) {
    const marker = parameter.type && symbols.markerOf(parameter.type);
    if (marker?.tag !== "Query" || !marker.argument) continue;
    const kinds = new Map<PagingModel["kind"], string>();
    for (const property of facts.properties(facts.typeOfTypeNode(marker.argument))) {
      const owner = facts.valueDeclaration(property)?.parent as { readonly name?: ts.Node } | undefined;
      const tag = owner?.name && symbols.tagOfName(owner.name);
      const kind = tag === undefined ? undefined : PAGING_TAGS[tag];
      if (kind) kinds.set(kind, tag!);
    }
    if (kinds.size > 1) return { mistake: messages.Paging.both(), node: parameter };
    const [found] = kinds;
    if (found) return { kind: found[0], written: pagingText(marker.argument, found[1]), node: parameter };
  }
  return undefined;
}

/** `OffsetPaging<50>` as written inside the query's type, or the interface's bare name. */
function pagingText(argument: ts.TypeNode, name: string): string {
  return new RegExp(`\\b${name}(<[^<>]*>)?`).exec(argument.getText())?.[0] ?? name;
}

/** `T` of the handler's `Promise<Paged<T>>`, as written. */
function pagedItem(context: AnalysisContext, handler: ts.MethodDeclaration): string | undefined {
  const promised = handler.type && context.facts.syntax.isTypeReferenceNode(handler.type) ? handler.type.typeArguments?.[0] : undefined;
  const marker = promised && context.symbols.markerOf(promised);
  return marker?.tag === "Paged" ? marker.argument?.getText() : undefined;
}
