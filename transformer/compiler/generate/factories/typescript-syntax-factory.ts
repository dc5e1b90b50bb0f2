import ts from "typescript";
import type { BinaryOperator, SyntaxFactory } from "./syntax-factory.js";

// TypeScript 5.9 and 6's factory, for the transformer: the only generate/
// file that loads `typescript`.

const f = ts.factory;

const OPERATORS: Readonly<Record<BinaryOperator, ts.BinaryOperator>> = {
  "===": ts.SyntaxKind.EqualsEqualsEqualsToken,
  "!==": ts.SyntaxKind.ExclamationEqualsEqualsToken,
  "&&": ts.SyntaxKind.AmpersandAmpersandToken,
  "||": ts.SyntaxKind.BarBarToken,
  "+": ts.SyntaxKind.PlusToken,
  "<": ts.SyntaxKind.LessThanToken,
  ">": ts.SyntaxKind.GreaterThanToken,
  "<=": ts.SyntaxKind.LessThanEqualsToken,
  ">=": ts.SyntaxKind.GreaterThanEqualsToken,
  "=": ts.SyntaxKind.EqualsToken,
  "+=": ts.SyntaxKind.PlusEqualsToken,
  instanceof: ts.SyntaxKind.InstanceOfKeyword,
};
const OPERATOR_OF = new Map<ts.SyntaxKind, BinaryOperator>(Object.entries(OPERATORS).map(([text, kind]) => [kind, text as BinaryOperator]));

export const typescriptSyntaxFactory: SyntaxFactory = {
  identifier: (name) => f.createIdentifier(name),
  string: (text) => f.createStringLiteral(text),
  number: (value) => f.createNumericLiteral(value),
  regex: (text) => f.createRegularExpressionLiteral(text),
  keyword: (word) => (word === "true" ? f.createTrue() : word === "false" ? f.createFalse() : f.createNull()),
  voidZero: () => f.createVoidZero(),
  negative: (operand) => f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, operand),
  logicalNot: (operand) => f.createLogicalNot(operand),
  typeOf: (operand) => f.createTypeOfExpression(operand),
  await: (operand) => f.createAwaitExpression(operand),
  postfixIncrement: (operand) => f.createPostfixIncrement(operand),
  binary: (left, operator, right) => f.createBinaryExpression(left, OPERATORS[operator], right),
  conditional: (test, yes, no) => f.createConditionalExpression(test, undefined, yes, undefined, no),
  call: (callee, args) => f.createCallExpression(callee, undefined, args),
  optionalCall: (target, name, args) =>
    f.createCallChain(f.createPropertyAccessChain(target, f.createToken(ts.SyntaxKind.QuestionDotToken), name), undefined, undefined, args),
  construct: (type, args) => f.createNewExpression(type, undefined, args),
  property: (target, name) => f.createPropertyAccessExpression(target, name),
  element: (target, key) => f.createElementAccessExpression(target, key),
  array: (elements, multiLine) => f.createArrayLiteralExpression(elements, multiLine),
  object: (properties, multiLine) => f.createObjectLiteralExpression(properties, multiLine),
  propertyAssignment: (key, value) =>
    f.createPropertyAssignment(
      "identifier" in key
        ? f.createIdentifier(key.identifier)
        : "string" in key
          ? f.createStringLiteral(key.string)
          : f.createComputedPropertyName(f.createStringLiteral(key.computed)),
      value,
    ),
  shorthandPropertyAssignment: (name) => f.createShorthandPropertyAssignment(name),
  variables: (kind, name, initializer) =>
    f.createVariableDeclarationList(
      [
        f.createVariableDeclaration(
          name,
          undefined,
          kind === "let" && initializer === undefined ? f.createKeywordTypeNode(ts.SyntaxKind.UnknownKeyword) : undefined,
          initializer,
        ),
      ],
      kind === "const" ? ts.NodeFlags.Const : ts.NodeFlags.Let,
    ),
  variableStatement: (list) => f.createVariableStatement(undefined, list),
  expressionStatement: (value) => f.createExpressionStatement(value),
  returnStatement: (value) => f.createReturnStatement(value),
  continueStatement: () => f.createContinueStatement(),
  block: (statements) => f.createBlock(statements, true),
  ifStatement: (test, then, otherwise) => f.createIfStatement(test, then, otherwise),
  forStatement: (initializer, condition, incrementor, body) => f.createForStatement(initializer, condition, incrementor, body),
  forInStatement: (initializer, object, body) => f.createForInStatement(initializer, object, body),
  parameter: (name) => f.createParameterDeclaration(undefined, undefined, name),
  objectBindingParameter: (names) =>
    f.createParameterDeclaration(
      undefined,
      undefined,
      f.createObjectBindingPattern(names.map((name) => f.createBindingElement(undefined, undefined, name))),
    ),
  functionDeclaration: (name, parameters, body, async) =>
    f.createFunctionDeclaration(
      async ? [f.createModifier(ts.SyntaxKind.AsyncKeyword)] : undefined,
      undefined,
      name,
      undefined,
      parameters,
      undefined,
      body,
    ),
  functionExpression: (name, parameters, body, async) =>
    f.createFunctionExpression(
      async ? [f.createModifier(ts.SyntaxKind.AsyncKeyword)] : undefined,
      undefined,
      name,
      undefined,
      parameters,
      undefined,
      body,
    ),
  arrow: (parameters, body, async) =>
    f.createArrowFunction(
      async ? [f.createModifier(ts.SyntaxKind.AsyncKeyword)] : undefined,
      undefined,
      parameters,
      undefined,
      undefined,
      body,
    ),
  method: (name, parameters, body) =>
    f.createMethodDeclaration(
      undefined,
      undefined,
      "identifier" in name ? f.createIdentifier(name.identifier) : f.createStringLiteral(name.string),
      undefined,
      undefined,
      parameters,
      undefined,
      body,
    ),
  namespaceImport: (name, specifier) =>
    f.createImportDeclaration(
      undefined,
      f.createImportClause(undefined, undefined, f.createNamespaceImport(f.createIdentifier(name))),
      f.createStringLiteral(specifier),
    ),

  parenthesized: (node) => (ts.isParenthesizedExpression(node) ? node.expression : undefined),
  negated: (node) => (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken ? node.operand : undefined),
  identifierName: (node) => (ts.isIdentifier(node) ? node.text : undefined),
  binaryOperator: (node) => (ts.isBinaryExpression(node) ? OPERATOR_OF.get(node.operatorToken.kind) : undefined),
};
