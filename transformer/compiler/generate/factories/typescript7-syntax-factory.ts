import type ts from "typescript";
import { NodeFlags, SyntaxKind, TokenFlags } from "typescript7/unstable/ast";
import type * as ast from "typescript7/unstable/ast";
import * as f from "typescript7/unstable/ast/factory";
import type { Emitter } from "typescript7/unstable/sync";
import type { BinaryOperator, SyntaxFactory } from "./syntax-factory.js";

// TypeScript 7's factory, for the module `honest generate` writes (docs/setup/typescript-7.md,
// "TypeScript 7: generator mode"), and its printer: the nodes are built here,
// in JavaScript, and printed by the native binary. The factory mirrors the Go
// compiler's constructors, so its signatures differ from TypeScript 6's
// (modifiers and flags everywhere), and its SyntaxKind numbers too; the
// printer adds the parentheses precedence needs, as TypeScript 6's factory does.

const n = <T extends ts.Node>(node: ast.Node): T => node as unknown as T;
const a = <T extends ast.Node>(node: ts.Node | undefined): T => node as unknown as T;
const all = <T extends ast.Node>(nodes: readonly ts.Node[]): T[] => nodes as unknown as T[];

const OPERATORS: Readonly<Record<BinaryOperator, SyntaxKind>> = {
  "===": SyntaxKind.EqualsEqualsEqualsToken,
  "!==": SyntaxKind.ExclamationEqualsEqualsToken,
  "&&": SyntaxKind.AmpersandAmpersandToken,
  "||": SyntaxKind.BarBarToken,
  "+": SyntaxKind.PlusToken,
  "<": SyntaxKind.LessThanToken,
  ">": SyntaxKind.GreaterThanToken,
  "<=": SyntaxKind.LessThanEqualsToken,
  ">=": SyntaxKind.GreaterThanEqualsToken,
  "=": SyntaxKind.EqualsToken,
  "+=": SyntaxKind.PlusEqualsToken,
  instanceof: SyntaxKind.InstanceOfKeyword,
};
const OPERATOR_OF = new Map<SyntaxKind, BinaryOperator>(Object.entries(OPERATORS).map(([text, kind]) => [kind, text as BinaryOperator]));

const token = (kind: SyntaxKind): any => f.createToken(kind as never);
const identifier = (name: string) => f.createIdentifier(name);
const stringLiteral = (text: string) => f.createStringLiteral(text, TokenFlags.None);

export const typescript7SyntaxFactory: SyntaxFactory = {
  identifier: (name) => n(identifier(name)),
  string: (text) => n(stringLiteral(text)),
  number: (value) => n(f.createNumericLiteral(String(value), TokenFlags.None)),
  regex: (text) => n(f.createRegularExpressionLiteral(text, TokenFlags.None)),
  keyword: (word) =>
    n(token(word === "true" ? SyntaxKind.TrueKeyword : word === "false" ? SyntaxKind.FalseKeyword : SyntaxKind.NullKeyword)),
  voidZero: () => n(f.createVoidExpression(f.createNumericLiteral("0", TokenFlags.None))),
  negative: (operand) => n(f.createPrefixUnaryExpression(SyntaxKind.MinusToken, a(operand))),
  logicalNot: (operand) => n(f.createPrefixUnaryExpression(SyntaxKind.ExclamationToken, a(operand))),
  typeOf: (operand) => n(f.createTypeOfExpression(a(operand))),
  await: (operand) => n(f.createAwaitExpression(a(operand))),
  postfixIncrement: (operand) => n(f.createPostfixUnaryExpression(a(operand), SyntaxKind.PlusPlusToken)),
  binary: (left, operator, right) => n(f.createBinaryExpression(undefined, a(left), undefined, token(OPERATORS[operator]), a(right))),
  conditional: (test, yes, no) =>
    n(f.createConditionalExpression(a(test), token(SyntaxKind.QuestionToken), a(yes), token(SyntaxKind.ColonToken), a(no))),
  call: (callee, args) => n(f.createCallExpression(a(callee), undefined, undefined, all(args), NodeFlags.None)),
  optionalCall: (target, name, args) =>
    n(
      f.createCallExpression(
        f.createPropertyAccessExpression(a(target), token(SyntaxKind.QuestionDotToken), identifier(name), NodeFlags.OptionalChain),
        undefined,
        undefined,
        all(args),
        NodeFlags.OptionalChain,
      ),
    ),
  construct: (type, args) => n(f.createNewExpression(a(type), undefined, all(args))),
  property: (target, name) => n(f.createPropertyAccessExpression(a(target), undefined, identifier(name), NodeFlags.None)),
  element: (target, key) => n(f.createElementAccessExpression(a(target), undefined, a(key), NodeFlags.None)),
  array: (elements, multiLine) => n(f.createArrayLiteralExpression(all(elements), multiLine)),
  object: (properties, multiLine) => n(f.createObjectLiteralExpression(all(properties), multiLine)),
  propertyAssignment: (key, value) =>
    n(
      f.createPropertyAssignment(
        undefined,
        "identifier" in key
          ? identifier(key.identifier)
          : "string" in key
            ? stringLiteral(key.string)
            : f.createComputedPropertyName(stringLiteral(key.computed)),
        undefined,
        undefined as never,
        a(value),
      ),
    ),
  shorthandPropertyAssignment: (name) => n(f.createShorthandPropertyAssignment(undefined, identifier(name), undefined, undefined as never)),
  variables: (kind, name, initializer) =>
    n(
      f.createVariableDeclarationList(
        [
          f.createVariableDeclaration(
            identifier(name),
            undefined,
            kind === "let" && initializer === undefined ? f.createKeywordTypeNode(SyntaxKind.UnknownKeyword as never) : undefined,
            initializer && a(initializer),
          ),
        ],
        kind === "const" ? NodeFlags.Const : NodeFlags.Let,
      ),
    ),
  variableStatement: (list) => n(f.createVariableStatement(undefined, a(list))),
  expressionStatement: (value) => n(f.createExpressionStatement(a(value))),
  returnStatement: (value) => n(f.createReturnStatement(value && a(value))),
  continueStatement: () => n(f.createContinueStatement()),
  block: (statements) => n(f.createBlock(all(statements), true)),
  ifStatement: (test, then, otherwise) => n(f.createIfStatement(a(test), a(then), otherwise && a(otherwise))),
  forStatement: (initializer, condition, incrementor, body) =>
    n(f.createForStatement(a(initializer), a(condition), a(incrementor), a(body))),
  forInStatement: (initializer, object, body) => n(f.createForInStatement(undefined, a(initializer), a(object), a(body))),
  parameter: (name) => n(f.createParameterDeclaration(undefined, undefined, identifier(name))),
  objectBindingParameter: (names) =>
    n(
      f.createParameterDeclaration(
        undefined,
        undefined,
        f.createObjectBindingPattern(names.map((name) => f.createBindingElement(undefined, undefined, identifier(name)))),
      ),
    ),
  functionDeclaration: (name, parameters, body, async) =>
    n(
      f.createFunctionDeclaration(
        async ? [token(SyntaxKind.AsyncKeyword)] : undefined,
        undefined,
        identifier(name),
        undefined,
        all(parameters),
        undefined,
        a(body),
      ),
    ),
  functionExpression: (name, parameters, body, async) =>
    n(
      f.createFunctionExpression(
        async ? [token(SyntaxKind.AsyncKeyword)] : undefined,
        undefined,
        identifier(name),
        undefined,
        all(parameters),
        undefined,
        a(body),
      ),
    ),
  arrow: (parameters, body, async) =>
    n(
      f.createArrowFunction(
        async ? [token(SyntaxKind.AsyncKeyword)] : undefined,
        undefined,
        all(parameters),
        undefined,
        token(SyntaxKind.EqualsGreaterThanToken),
        a(body),
      ),
    ),
  method: (name, parameters, body) =>
    n(
      f.createMethodDeclaration(
        undefined,
        undefined,
        "identifier" in name ? identifier(name.identifier) : stringLiteral(name.string),
        undefined,
        undefined,
        all(parameters),
        undefined,
        body && a(body),
      ),
    ),
  namespaceImport: (name, specifier) =>
    n(
      f.createImportDeclaration(
        undefined,
        f.createImportClause(undefined, undefined, f.createNamespaceImport(identifier(name))),
        stringLiteral(specifier),
      ),
    ),

  parenthesized: (node) =>
    a(node).kind === SyntaxKind.ParenthesizedExpression ? (node as ts.ParenthesizedExpression).expression : undefined,
  negated: (node) =>
    a(node).kind === SyntaxKind.PrefixUnaryExpression &&
    (node as ts.PrefixUnaryExpression).operator === (SyntaxKind.ExclamationToken as number)
      ? (node as ts.PrefixUnaryExpression).operand
      : undefined,
  identifierName: (node) => (a(node).kind === SyntaxKind.Identifier ? (node as ts.Identifier).text : undefined),
  binaryOperator: (node) =>
    a(node).kind === SyntaxKind.BinaryExpression
      ? OPERATOR_OF.get((node as ts.BinaryExpression).operatorToken.kind as number as SyntaxKind)
      : undefined,
};

/** The text of a module made of `statements` (built with this factory), printed by TypeScript 7's printer. */
export function printModule(statements: readonly ts.Statement[], emitter: Emitter, fileName: string): string {
  const file = f.createSourceFile(all(statements), token(SyntaxKind.EndOfFile), "", fileName, fileName as never);
  return emitter.printNode(file);
}
