import ts from "typescript";
import { HonestSymbols } from "../../compiler/analyse/honest-symbols.js";
import { pathValueType } from "../../compiler/analyse/path-value-type.js";
import type { PathValueType } from "../../compiler/model.js";
import { factType, typescriptFacts } from "../../compiler/facts/typescript-facts.js";
import { nodeAt } from "../nodes-at.js";
import { explainInject, explainInput, explainJsonBody, explainPath, explainResolver, withExplanation } from "./explanations.js";
import { type HandlerRoute, routeOfHandler } from "./handler-route.js";
import { fromReferenceDisplay, parameterDisplay, resolvedText } from "./resolved-from.js";

// Hovers that say what honest does (docs/setup/editor.md, "In your editor"): on a
// handler's parameter, or the marker in its type, where the value comes
// from and what a wrong one is answered with; on an `Inject<T>` field, what
// fills it; and wherever `From<R>` is written, the type it gives rather than
// the conditional type behind it.

export function honestQuickInfo(program: ts.Program, fileName: string, position: number, info: ts.QuickInfo): ts.QuickInfo {
  const file = program.getSourceFile(fileName);
  const node = file && nodeAt(file, position);
  if (!node || !ts.isIdentifier(node)) return info;
  const checker = program.getTypeChecker();
  const symbols = new HonestSymbols(typescriptFacts(program));
  let hovered = info;

  const reference = ts.isTypeReferenceNode(node.parent) && node.parent.typeName === node ? node.parent : undefined;
  if (reference && symbols.tagOfName(node) === "From" && info.displayParts) {
    const resolved = resolvedText(checker, reference);
    if (resolved !== undefined) hovered = { ...hovered, displayParts: fromReferenceDisplay(info.displayParts, reference, resolved) };
  }

  const declaration = typedDeclarationOf(node);
  const marker = declaration?.type && symbols.markerOf(declaration.type);
  if (!declaration?.type || !marker) return hovered;
  if (ts.isPropertyDeclaration(declaration)) {
    if (marker.tag !== "Inject" || !marker.argument) return hovered;
    return { ...hovered, documentation: withExplanation(hovered.documentation, explainInject(marker.argument.getText())) };
  }
  const handler = declaration.parent;
  const route = ts.isMethodDeclaration(handler) ? routeOfHandler(symbols, handler) : undefined;
  if (!route) return hovered;
  const { argument } = marker;
  if (marker.tag === "From" && argument && hovered.displayParts && isInName(node, declaration)) {
    const fromReference = topReference(declaration.type);
    const resolved = fromReference && resolvedText(checker, fromReference);
    if (resolved !== undefined) hovered = { ...hovered, displayParts: parameterDisplay(hovered.displayParts, resolved) };
  }
  const explanation = argument && explain(symbols, checker, route, marker.tag, argument);
  return explanation ? { ...hovered, documentation: withExplanation(hovered.documentation, explanation) } : hovered;
}

/** honest's sentence for a handler parameter of marker `tag`, whose `T` is `argument`. */
function explain(symbols: HonestSymbols, checker: ts.TypeChecker, route: HandlerRoute, tag: string, argument: ts.TypeNode) {
  const type = checker.getTypeFromTypeNode(argument);
  switch (tag) {
    case "Path":
      return explainPath(route, pathTypes(symbols, checker, type, route.placeholders.length));
    case "Json":
      return explainJsonBody(route, argument.getText());
    case "Query":
    case "Header":
    case "Cookie":
    case "Form":
      return explainInput(
        route,
        tag,
        checker.getPropertiesOfType(type).map((property) => property.name),
      );
    case "From":
      return explainResolver(route, argument.getText());
    default:
      return undefined;
  }
}

/** Each placeholder's type: `T`'s elements for several, `T` itself for one. */
function pathTypes(symbols: HonestSymbols, checker: ts.TypeChecker, type: ts.Type, count: number): (PathValueType | undefined)[] {
  const read = (each: ts.Type) => pathValueType(symbols.facts, factType(each));
  if (count === 1) return [read(type)];
  return checker.isTupleType(type) ? checker.getTypeArguments(type as ts.TypeReference).map(read) : [];
}

/** The parameter or field whose name (or a name destructured from it), or whose marker's name, is the hovered identifier. */
function typedDeclarationOf(node: ts.Identifier): ts.ParameterDeclaration | ts.PropertyDeclaration | undefined {
  let at: ts.Node = node;
  while (
    ts.isObjectBindingPattern(at.parent) ||
    ts.isArrayBindingPattern(at.parent) ||
    (ts.isBindingElement(at.parent) && (at.parent.name === at || at.parent.propertyName === at))
  ) {
    at = at.parent;
  }
  if ((ts.isParameter(at.parent) || ts.isPropertyDeclaration(at.parent)) && at.parent.name === at) return at.parent;
  // In the type, only the marker's own name: not a property of `Query<{ limit: number }>`.
  if (!ts.isTypeReferenceNode(node.parent) || node.parent.typeName !== node) return undefined;
  let type: ts.Node = node.parent;
  while (ts.isParenthesizedTypeNode(type.parent)) type = type.parent;
  const owner = type.parent;
  return (ts.isParameter(owner) || ts.isPropertyDeclaration(owner)) && owner.type === type ? owner : undefined;
}

/** Whether the hovered identifier names the declaration (or a part destructured from it), not its type. */
function isInName(node: ts.Node, declaration: ts.ParameterDeclaration): boolean {
  return node.pos >= declaration.name.pos && node.end <= declaration.name.end;
}

/** The type reference a type annotation is, parentheses aside. */
function topReference(type: ts.TypeNode): ts.TypeReferenceNode | undefined {
  let node = type;
  while (ts.isParenthesizedTypeNode(node)) node = node.type;
  return ts.isTypeReferenceNode(node) ? node : undefined;
}
