import * as ast from "typescript7/unstable/ast";
import type { Checker, Symbol as Ts7Symbol, Type as Ts7Type } from "typescript7/unstable/sync";

// The questions analysis will ask about the program's own files, asked
// before it walks them, each kind in one request over all files: TypeScript
// 7's API answers arrays of nodes in one round trip, where asking node by
// node costs one each (docs/setup/typescript-7.md, "What is unstable").
// Asking a little more than analysis needs is cheap; a node missed here is
// asked alone when analysis reaches it.

export interface PrefetchedAnswers {
  /** getSymbolAtLocation's answer for each name. */
  readonly symbolsAt: ReadonlyMap<ast.Node, Ts7Symbol | undefined>;
  /** getTypeAtLocation's answer for each type annotation and expression; for a type node it is getTypeFromTypeNode's. */
  readonly typesAt: ReadonlyMap<ast.Node, Ts7Type | undefined>;
}

export function prefetchAnswers(checker: Checker, files: readonly ast.SourceFile[]): PrefetchedAnswers {
  const names: ast.Node[] = [];
  const typed: ast.Node[] = [];
  for (const file of files) collectQuestions(file, names, typed);
  return {
    symbolsAt: answered(names, (nodes) => checker.getSymbolAtLocation(nodes)),
    typesAt: answered(typed, (nodes) => checker.getTypeAtLocation(nodes)),
  };
}

function answered<T>(nodes: readonly ast.Node[], ask: (nodes: ast.Node[]) => readonly (T | undefined)[]): Map<ast.Node, T | undefined> {
  const answers = new Map<ast.Node, T | undefined>();
  if (nodes.length === 0) return answers;
  const unique = [...new Set(nodes)];
  ask(unique).forEach((answer, index) => {
    answers.set(unique[index]!, answer);
  });
  return answers;
}

/**
 * The names whose symbols analysis reads: of type references (markers,
 * `Inject<T>`, `From<R>`), of called functions (decorators, createApp), of
 * classes and methods (their doc comments). The types it reads: the type
 * arguments in decorated methods' signatures (`Item` of `Json<Item>`, the
 * status of `Json<T, 201>`), what their `return` statements return and
 * what `.status(...)` is called on, and the options given to `createApp(...)`.
 */
function collectQuestions(file: ast.SourceFile, names: ast.Node[], typed: ast.Node[]): void {
  const visit = (node: ast.Node): void => {
    if (ast.isTypeReferenceNode(node)) names.push(node.typeName);
    else if ((ast.isClassDeclaration(node) || ast.isMethodDeclaration(node)) && node.name) names.push(node.name);
    else if (ast.isCallExpression(node)) {
      const callee = node.expression;
      if (ast.isIdentifier(callee)) {
        names.push(callee);
        if (callee.text === "createApp" && node.arguments[0]) typed.push(node.arguments[0]);
      } else if (ast.isPropertyAccessExpression(callee)) {
        names.push(callee.name);
      }
    }
    if (ast.isMethodDeclaration(node) && hasDecorator(node)) collectHandlerTypes(node, typed);
    node.forEachChild(visit);
  };
  file.forEachChild(visit);
}

function collectHandlerTypes(method: ast.MethodDeclaration, typed: ast.Node[]): void {
  const typeArguments = (node: ast.Node): void => {
    if (ast.isTypeReferenceNode(node)) typed.push(...(node.typeArguments ?? []));
    node.forEachChild(typeArguments);
  };
  for (const parameter of method.parameters) if (parameter.type) typeArguments(parameter.type);
  if (method.type) typeArguments(method.type);
  const body = (node: ast.Node): void => {
    if (ast.isReturnStatement(node) && node.expression) typed.push(node.expression);
    else if (ast.isCallExpression(node) && ast.isPropertyAccessExpression(node.expression) && node.expression.name.text === "status") {
      typed.push(node.expression.expression);
    }
    node.forEachChild(body);
  };
  if (method.body) method.body.forEachChild(body);
}

function hasDecorator(node: ast.Node): boolean {
  const { modifiers } = node as { readonly modifiers?: readonly ast.Node[] };
  return modifiers?.some(ast.isDecorator) ?? false;
}
