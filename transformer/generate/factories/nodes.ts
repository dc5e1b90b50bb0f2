import ts from "typescript";
import { isIdentifierName } from "../../../runtime/common/key-path.js";

// The one vocabulary generate/ builds syntax with: short names for the
// ts.factory calls, so that a generator reads close to the JavaScript it
// writes. `not` writes a condition the way a person would (`x !== y`, not
// `!(x === y)`).

const f = ts.factory;

export const id = (name: string): ts.Identifier => f.createIdentifier(name);
export const str = (text: string): ts.StringLiteral => f.createStringLiteral(text);
export const undef = (): ts.Identifier => f.createIdentifier("undefined");

export function num(value: number): ts.Expression {
  return value < 0 || Object.is(value, -0)
    ? f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, f.createNumericLiteral(-value))
    : f.createNumericLiteral(value);
}

/** A JavaScript literal for a JSON scalar. */
export function literal(value: string | number | boolean): ts.Expression {
  if (typeof value === "string") return str(value);
  if (typeof value === "number") return num(value);
  return bool(value);
}

export const call = (callee: ts.Expression, ...args: ts.Expression[]): ts.CallExpression => f.createCallExpression(callee, undefined, args);
export const index = (target: ts.Expression, key: ts.Expression): ts.ElementAccessExpression =>
  f.createElementAccessExpression(target, key);
export const eq = (left: ts.Expression, right: ts.Expression): ts.Expression => f.createStrictEquality(left, right);
export const ne = (left: ts.Expression, right: ts.Expression): ts.Expression => f.createStrictInequality(left, right);
export const and = (left: ts.Expression, right: ts.Expression): ts.Expression => f.createLogicalAnd(left, right);
export const or = (left: ts.Expression, right: ts.Expression): ts.Expression => f.createLogicalOr(left, right);
export const plus = (left: ts.Expression, right: ts.Expression): ts.Expression => f.createAdd(left, right);
export const lt = (left: ts.Expression, right: ts.Expression): ts.Expression => f.createLessThan(left, right);
export const gt = (left: ts.Expression, right: ts.Expression): ts.Expression => f.createGreaterThan(left, right);
export const le = (left: ts.Expression, right: ts.Expression): ts.Expression => f.createLessThanEquals(left, right);
export const ge = (left: ts.Expression, right: ts.Expression): ts.Expression => f.createGreaterThanEquals(left, right);
/** `/source/flags`; `source` as `RegExp.prototype.source` gives it, already escaped for a literal. */
export const regex = (source: string, flags: string): ts.Expression => f.createRegularExpressionLiteral(`/${source}/${flags}`);
export const assign = (target: ts.Expression, value: ts.Expression): ts.Expression => f.createAssignment(target, value);
export const typeOf = (value: ts.Expression, type: string): ts.Expression => eq(f.createTypeOfExpression(value), str(type));
export const isFiniteNumber = (value: ts.Expression): ts.Expression =>
  call(f.createPropertyAccessExpression(id("Number"), "isFinite"), value);
export const isArray = (value: ts.Expression): ts.Expression => call(f.createPropertyAccessExpression(id("Array"), "isArray"), value);
export const lengthOf = (value: ts.Expression): ts.Expression => f.createPropertyAccessExpression(value, "length");
export const prop = (target: ts.Expression, name: string): ts.PropertyAccessExpression => f.createPropertyAccessExpression(target, name);
export const awaited = (value: ts.Expression): ts.Expression => f.createAwaitExpression(value);
export const array = (elements: readonly ts.Expression[], multiLine = false): ts.ArrayLiteralExpression =>
  f.createArrayLiteralExpression(elements, multiLine);
export const nullLiteral = (): ts.Expression => f.createNull();
export const construct = (type: ts.Expression, ...args: ts.Expression[]): ts.NewExpression => f.createNewExpression(type, undefined, args);
export const plusAssign = (target: ts.Expression, value: ts.Expression): ts.Expression =>
  f.createBinaryExpression(target, ts.SyntaxKind.PlusEqualsToken, value);
export const continueLoop = (): ts.Statement => f.createContinueStatement();
export const bool = (value: boolean): ts.Expression => (value ? f.createTrue() : f.createFalse());
export const conditional = (test: ts.Expression, yes: ts.Expression, no: ts.Expression): ts.Expression =>
  f.createConditionalExpression(test, undefined, yes, undefined, no);

/** Whether a value is a JSON object: not null, not an array. */
export function isObject(value: ts.Expression): ts.Expression {
  return and(and(typeOf(value, "object"), ne(value, nullLiteral())), not(isArray(value)));
}

export const constant = (name: string, initializer: ts.Expression): ts.Statement =>
  f.createVariableStatement(
    undefined,
    f.createVariableDeclarationList([f.createVariableDeclaration(name, undefined, undefined, initializer)], ts.NodeFlags.Const),
  );
export const variable = (name: string, initializer?: ts.Expression): ts.Statement =>
  f.createVariableStatement(
    undefined,
    f.createVariableDeclarationList([f.createVariableDeclaration(name, undefined, undefined, initializer)], ts.NodeFlags.Let),
  );
export const expression = (value: ts.Expression): ts.Statement => f.createExpressionStatement(value);
export const ret = (value?: ts.Expression): ts.Statement => f.createReturnStatement(value);
export const block = (statements: readonly ts.Statement[]): ts.Block => f.createBlock(statements, true);

export function when(
  test: ts.Expression,
  then: readonly ts.Statement[] | ts.Statement,
  otherwise?: readonly ts.Statement[] | ts.Statement,
): ts.Statement {
  const wrap = (body: readonly ts.Statement[] | ts.Statement) => (Array.isArray(body) ? block(body) : (body as ts.Statement));
  return f.createIfStatement(test, wrap(then), otherwise && wrap(otherwise));
}

/** `for (let i = from; i < array.length; i++) { ... }` */
export function forEachIndex(counter: string, array: ts.Expression, body: readonly ts.Statement[], from = 0): ts.Statement {
  return f.createForStatement(
    f.createVariableDeclarationList([f.createVariableDeclaration(counter, undefined, undefined, num(from))], ts.NodeFlags.Let),
    lt(id(counter), lengthOf(array)),
    f.createPostfixIncrement(id(counter)),
    block(body),
  );
}

/** `for (const key in object) { ... }` */
export function forEachKey(key: string, object: ts.Expression, body: readonly ts.Statement[]): ts.Statement {
  return f.createForInStatement(
    f.createVariableDeclarationList([f.createVariableDeclaration(key)], ts.NodeFlags.Const),
    object,
    block(body),
  );
}

export function functionDeclaration(name: string, parameters: readonly string[], body: readonly ts.Statement[]): ts.FunctionDeclaration {
  return f.createFunctionDeclaration(
    undefined,
    undefined,
    name,
    undefined,
    parameters.map((parameter) => f.createParameterDeclaration(undefined, undefined, parameter)),
    undefined,
    block(body),
  );
}

/** `a + "b" + c`, with neighbouring string parts joined into one literal. */
export function concat(...parts: readonly (string | ts.Expression)[]): ts.Expression {
  const merged: (string | ts.Expression)[] = [];
  for (const part of parts) {
    const last = merged[merged.length - 1];
    if (typeof part === "string" && typeof last === "string") merged[merged.length - 1] = last + part;
    else merged.push(part);
  }
  return merged.map((part) => (typeof part === "string" ? str(part) : part)).reduce((left, right) => plus(left, right));
}

/** `target.name`, or `target["name"]` when the name is not an identifier. */
export function memberAccess(target: ts.Expression, name: string): ts.Expression {
  return isIdentifierName(name) ? prop(target, name) : index(target, str(name));
}

/**
 * The negation of a condition, as a person writes it: `a !== b` for
 * `a === b`, `x` for `!x`, and De Morgan's laws through `&&` and `||`
 * (`typeof v !== "object" || v === null` for `!(typeof v === "object" && v !== null)`).
 */
export function not(condition: ts.Expression): ts.Expression {
  if (ts.isParenthesizedExpression(condition)) return not(condition.expression);
  if (ts.isPrefixUnaryExpression(condition) && condition.operator === ts.SyntaxKind.ExclamationToken) return condition.operand;
  if (ts.isBinaryExpression(condition)) {
    const { left, right } = condition;
    switch (condition.operatorToken.kind) {
      case ts.SyntaxKind.EqualsEqualsEqualsToken:
        return ne(left, right);
      case ts.SyntaxKind.ExclamationEqualsEqualsToken:
        return eq(left, right);
      case ts.SyntaxKind.AmpersandAmpersandToken:
        return or(not(left), not(right));
      case ts.SyntaxKind.BarBarToken:
        return and(not(left), not(right));
    }
  }
  return f.createLogicalNot(condition);
}

/** `(a, b) => body`, `async (c) => { ... }`. */
export function arrow(
  parameters: readonly string[],
  body: ts.ConciseBody,
  { async = false }: { readonly async?: boolean } = {},
): ts.ArrowFunction {
  return f.createArrowFunction(
    async ? [f.createModifier(ts.SyntaxKind.AsyncKeyword)] : undefined,
    undefined,
    parameters.map((name) => f.createParameterDeclaration(undefined, undefined, name)),
    undefined,
    undefined,
    body,
  );
}

/** `{ name: value, ... }`, in the order given. */
export function object(
  properties: Readonly<Record<string, ts.Expression>> | readonly (readonly [string, ts.Expression])[],
  multiLine = false,
): ts.ObjectLiteralExpression {
  const entries = Array.isArray(properties) ? properties : Object.entries(properties);
  return f.createObjectLiteralExpression(
    entries.map(([name, value]) => property(name, value)),
    multiLine,
  );
}

/** `name: value`; `"odd name": value`; `["__proto__"]: value`, computed so that it stays an own property. */
export function property(name: string, value: ts.Expression): ts.PropertyAssignment {
  const key = name === "__proto__" ? f.createComputedPropertyName(str(name)) : isIdentifierName(name) ? id(name) : str(name);
  return f.createPropertyAssignment(key, value);
}

export const voidZero = (): ts.Expression => f.createVoidZero();

/** `import * as name from "specifier";` */
export function namespaceImport(name: string, specifier: string): ts.ImportDeclaration {
  return f.createImportDeclaration(
    undefined,
    f.createImportClause(undefined, undefined, f.createNamespaceImport(id(name))),
    str(specifier),
  );
}

/** `name(parameters) { body }`, a method of a class; `"odd name"(...)` when the name is not an identifier. */
export function methodDeclaration(
  name: string,
  parameters: readonly ts.ParameterDeclaration[],
  body: ts.Block | undefined,
): ts.MethodDeclaration {
  return f.createMethodDeclaration(
    undefined,
    undefined,
    isIdentifierName(name) ? id(name) : str(name),
    undefined,
    undefined,
    parameters,
    undefined,
    body,
  );
}
