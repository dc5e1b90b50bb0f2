import type ts from "typescript";
import { isIdentifierName } from "../../../../runtime/common/key-path.js";
import { type BinaryOperator, syntaxFactory } from "./syntax-factory.js";

// The one vocabulary generate/ builds syntax with: short names for the
// factory calls, so that a generator reads close to the JavaScript it writes.
// The factory is the compiler's in use (syntax-factory.ts). `not` writes a
// condition the way a person would (`x !== y`, not `!(x === y)`).

const binary = (left: ts.Expression, operator: BinaryOperator, right: ts.Expression): ts.Expression =>
  syntaxFactory().binary(left, operator, right);

export const id = (name: string): ts.Identifier => syntaxFactory().identifier(name);
export const str = (text: string): ts.StringLiteral => syntaxFactory().string(text);
export const undef = (): ts.Identifier => syntaxFactory().identifier("undefined");

export function num(value: number): ts.Expression {
  return value < 0 || Object.is(value, -0) ? syntaxFactory().negative(syntaxFactory().number(-value)) : syntaxFactory().number(value);
}

/** A JavaScript literal for a JSON scalar. */
export function literal(value: string | number | boolean): ts.Expression {
  if (typeof value === "string") return str(value);
  if (typeof value === "number") return num(value);
  return bool(value);
}

export const call = (callee: ts.Expression, ...args: ts.Expression[]): ts.CallExpression => syntaxFactory().call(callee, args);
export const index = (target: ts.Expression, key: ts.Expression): ts.ElementAccessExpression => syntaxFactory().element(target, key);
export const eq = (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, "===", right);
export const ne = (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, "!==", right);
export const and = (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, "&&", right);
export const or = (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, "||", right);
export const plus = (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, "+", right);
export const lt = (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, "<", right);
export const gt = (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, ">", right);
export const le = (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, "<=", right);
export const ge = (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, ">=", right);
/** `/source/flags`; `source` as `RegExp.prototype.source` gives it, already escaped for a literal. */
export const regex = (source: string, flags: string): ts.Expression => syntaxFactory().regex(`/${source}/${flags}`);
export const assign = (target: ts.Expression, value: ts.Expression): ts.Expression => binary(target, "=", value);
export const typeOf = (value: ts.Expression, type: string): ts.Expression => eq(syntaxFactory().typeOf(value), str(type));
export const isFiniteNumber = (value: ts.Expression): ts.Expression => call(prop(id("Number"), "isFinite"), value);
export const isArray = (value: ts.Expression): ts.Expression => call(prop(id("Array"), "isArray"), value);
export const lengthOf = (value: ts.Expression): ts.Expression => prop(value, "length");
export const prop = (target: ts.Expression, name: string): ts.PropertyAccessExpression => syntaxFactory().property(target, name);
export const awaited = (value: ts.Expression): ts.Expression => syntaxFactory().await(value);
export const array = (elements: readonly ts.Expression[], multiLine = false): ts.ArrayLiteralExpression =>
  syntaxFactory().array(elements, multiLine);
export const nullLiteral = (): ts.Expression => syntaxFactory().keyword("null");
export const construct = (type: ts.Expression, ...args: ts.Expression[]): ts.NewExpression => syntaxFactory().construct(type, args);
export const plusAssign = (target: ts.Expression, value: ts.Expression): ts.Expression => binary(target, "+=", value);
export const continueLoop = (): ts.Statement => syntaxFactory().continueStatement();
export const bool = (value: boolean): ts.Expression => syntaxFactory().keyword(value ? "true" : "false");
export const conditional = (test: ts.Expression, yes: ts.Expression, no: ts.Expression): ts.Expression =>
  syntaxFactory().conditional(test, yes, no);

/** Whether a value is a JSON object: not null, not an array. */
export function isObject(value: ts.Expression): ts.Expression {
  return and(and(typeOf(value, "object"), ne(value, nullLiteral())), not(isArray(value)));
}

export const constant = (name: string, initializer: ts.Expression): ts.Statement =>
  syntaxFactory().variableStatement(syntaxFactory().variables("const", name, initializer));
export const variable = (name: string, initializer?: ts.Expression): ts.Statement =>
  syntaxFactory().variableStatement(syntaxFactory().variables("let", name, initializer));
export const expression = (value: ts.Expression): ts.Statement => syntaxFactory().expressionStatement(value);
export const ret = (value?: ts.Expression): ts.Statement => syntaxFactory().returnStatement(value);
export const block = (statements: readonly ts.Statement[]): ts.Block => syntaxFactory().block(statements);

export function when(
  test: ts.Expression,
  then: readonly ts.Statement[] | ts.Statement,
  otherwise?: readonly ts.Statement[] | ts.Statement,
): ts.Statement {
  const wrap = (body: readonly ts.Statement[] | ts.Statement) => (Array.isArray(body) ? block(body) : (body as ts.Statement));
  return syntaxFactory().ifStatement(test, wrap(then), otherwise && wrap(otherwise));
}

/** `for (let i = from; i < array.length; i++) { ... }` */
export function forEachIndex(counter: string, array: ts.Expression, body: readonly ts.Statement[], from = 0): ts.Statement {
  return syntaxFactory().forStatement(
    syntaxFactory().variables("let", counter, num(from)),
    lt(id(counter), lengthOf(array)),
    syntaxFactory().postfixIncrement(id(counter)),
    block(body),
  );
}

/** `for (const key in object) { ... }` */
export function forEachKey(key: string, object: ts.Expression, body: readonly ts.Statement[]): ts.Statement {
  return syntaxFactory().forInStatement(syntaxFactory().variables("const", key, undefined), object, block(body));
}

export function functionDeclaration(name: string, parameters: readonly string[], body: readonly ts.Statement[]): ts.FunctionDeclaration {
  const factory = syntaxFactory();
  return factory.functionDeclaration(
    name,
    parameters.map((parameter) => factory.parameter(parameter)),
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
  const factory = syntaxFactory();
  const inner = factory.parenthesized(condition);
  if (inner) return not(inner);
  const negated = factory.negated(condition);
  if (negated) return negated;
  const operator = factory.binaryOperator(condition);
  if (operator) {
    const { left, right } = condition as ts.BinaryExpression;
    switch (operator) {
      case "===":
        return ne(left, right);
      case "!==":
        return eq(left, right);
      case "&&":
        return or(not(left), not(right));
      case "||":
        return and(not(left), not(right));
    }
  }
  return factory.logicalNot(condition);
}

/** `(a, b) => body`, `async (c) => { ... }`. */
export function arrow(
  parameters: readonly string[],
  body: ts.ConciseBody,
  { async = false }: { readonly async?: boolean } = {},
): ts.ArrowFunction {
  const factory = syntaxFactory();
  return factory.arrow(
    parameters.map((name) => factory.parameter(name)),
    body,
    async,
  );
}

/** `{ name: value, ... }`, in the order given. */
export function object(
  properties: Readonly<Record<string, ts.Expression>> | readonly (readonly [string, ts.Expression])[],
  multiLine = false,
): ts.ObjectLiteralExpression {
  const entries = Array.isArray(properties) ? properties : Object.entries(properties);
  return syntaxFactory().object(
    entries.map(([name, value]) => property(name, value)),
    multiLine,
  );
}

/** `name: value`; `"odd name": value`; `["__proto__"]: value`, computed so that it stays an own property. */
export function property(name: string, value: ts.Expression): ts.PropertyAssignment {
  const key = name === "__proto__" ? { computed: name } : isIdentifierName(name) ? { identifier: name } : { string: name };
  return syntaxFactory().propertyAssignment(key, value);
}

export const voidZero = (): ts.Expression => syntaxFactory().voidZero();

/** `import * as name from "specifier";` */
export function namespaceImport(name: string, specifier: string): ts.ImportDeclaration {
  return syntaxFactory().namespaceImport(name, specifier);
}

/** `name(parameters) { body }`, a method of a class; `"odd name"(...)` when the name is not an identifier. */
export function methodDeclaration(
  name: string,
  parameters: readonly ts.ParameterDeclaration[],
  body: ts.Block | undefined,
): ts.MethodDeclaration {
  return syntaxFactory().method(isIdentifierName(name) ? { identifier: name } : { string: name }, parameters, body);
}
