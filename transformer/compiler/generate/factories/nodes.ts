import type ts from "typescript";
import { isIdentifierName } from "../../../../runtime/common/key-path.js";
import type { BinaryOperator, SyntaxFactory } from "./syntax-factory.js";

// The one vocabulary generate/ builds syntax with: short names for the
// factory calls, so that a generator reads close to the JavaScript it writes.
// It is made for one factory (the compiler's, syntax-factory.ts) and handed
// to generate/ in its context (generation-context.ts). `not` writes a
// condition the way a person would (`x !== y`, not `!(x === y)`).

/** The vocabulary, bound to `factory`. */
export function createNodes(factory: SyntaxFactory) {
  const binary = (left: ts.Expression, operator: BinaryOperator, right: ts.Expression): ts.Expression =>
    factory.binary(left, operator, right);
  const id = (name: string): ts.Identifier => factory.identifier(name);
  const str = (text: string): ts.StringLiteral => factory.string(text);
  const num = (value: number): ts.Expression =>
    value < 0 || Object.is(value, -0) ? factory.negative(factory.number(-value)) : factory.number(value);
  const bool = (value: boolean): ts.Expression => factory.keyword(value ? "true" : "false");
  const call = (callee: ts.Expression, ...args: ts.Expression[]): ts.CallExpression => factory.call(callee, args);
  const prop = (target: ts.Expression, name: string): ts.PropertyAccessExpression => factory.property(target, name);
  const index = (target: ts.Expression, key: ts.Expression): ts.ElementAccessExpression => factory.element(target, key);
  const eq = (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, "===", right);
  const ne = (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, "!==", right);
  const and = (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, "&&", right);
  const or = (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, "||", right);
  const plus = (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, "+", right);
  const lt = (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, "<", right);
  const nullLiteral = (): ts.Expression => factory.keyword("null");
  const isArray = (value: ts.Expression): ts.Expression => call(prop(id("Array"), "isArray"), value);
  const typeOf = (value: ts.Expression, type: string): ts.Expression => eq(factory.typeOf(value), str(type));
  const block = (statements: readonly ts.Statement[]): ts.Block => factory.block(statements);
  const lengthOf = (value: ts.Expression): ts.Expression => prop(value, "length");

  /** `name: value`; `name` for `name: name`; `"odd name": value`; `["__proto__"]: value`, computed so that it stays an own property. */
  const property = (name: string, value: ts.Expression): ts.ObjectLiteralElementLike => {
    if (factory.identifierName(value) === name && name !== "__proto__") return factory.shorthandPropertyAssignment(name);
    const key = name === "__proto__" ? { computed: name } : isIdentifierName(name) ? { identifier: name } : { string: name };
    return factory.propertyAssignment(key, value);
  };

  /** A parameter: a name, or `{ a, b }`, the named properties of an object. */
  const parameter = (name: string | readonly string[]): ts.ParameterDeclaration =>
    typeof name === "string" ? factory.parameter(name) : factory.objectBindingParameter(name);

  /**
   * The negation of a condition, as a person writes it: `a !== b` for
   * `a === b`, `x` for `!x`, and De Morgan's laws through `&&` and `||`
   * (`typeof v !== "object" || v === null` for `!(typeof v === "object" && v !== null)`).
   */
  const not = (condition: ts.Expression): ts.Expression => {
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
  };

  return {
    id,
    str,
    num,
    bool,
    call,
    /** `target?.name(...args)`. */
    optionalCall: (target: ts.Expression, name: string, ...args: ts.Expression[]): ts.Expression =>
      factory.optionalCall(target, name, args),
    prop,
    index,
    eq,
    ne,
    and,
    or,
    plus,
    lt,
    not,
    block,
    isArray,
    typeOf,
    lengthOf,
    nullLiteral,
    property,
    parameter,
    undef: (): ts.Identifier => id("undefined"),
    gt: (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, ">", right),
    le: (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, "<=", right),
    ge: (left: ts.Expression, right: ts.Expression): ts.Expression => binary(left, ">=", right),
    assign: (target: ts.Expression, value: ts.Expression): ts.Expression => binary(target, "=", value),
    plusAssign: (target: ts.Expression, value: ts.Expression): ts.Expression => binary(target, "+=", value),
    /** `value instanceof type`. */
    instanceOf: (value: ts.Expression, type: ts.Expression): ts.Expression => binary(value, "instanceof", type),
    /** `/source/flags`; `source` as `RegExp.prototype.source` gives it, already escaped for a literal. */
    regex: (source: string, flags: string): ts.Expression => factory.regex(`/${source}/${flags}`),
    isFiniteNumber: (value: ts.Expression): ts.Expression => call(prop(id("Number"), "isFinite"), value),
    awaited: (value: ts.Expression): ts.Expression => factory.await(value),
    array: (elements: readonly ts.Expression[], multiLine = false): ts.ArrayLiteralExpression => factory.array(elements, multiLine),
    construct: (type: ts.Expression, ...args: ts.Expression[]): ts.NewExpression => factory.construct(type, args),
    continueLoop: (): ts.Statement => factory.continueStatement(),
    conditional: (test: ts.Expression, yes: ts.Expression, no: ts.Expression): ts.Expression => factory.conditional(test, yes, no),
    voidZero: (): ts.Expression => factory.voidZero(),

    /** A JavaScript literal for a JSON scalar. */
    literal(value: string | number | boolean): ts.Expression {
      if (typeof value === "string") return str(value);
      if (typeof value === "number") return num(value);
      return bool(value);
    },

    /** Whether a value is a JSON object: not null, not an array. */
    isObject(value: ts.Expression): ts.Expression {
      return and(and(typeOf(value, "object"), ne(value, nullLiteral())), not(isArray(value)));
    },

    constant: (name: string, initializer: ts.Expression): ts.Statement =>
      factory.variableStatement(factory.variables("const", name, initializer)),
    /** `let name = initializer;`, or `let name: unknown;` (a TypeScript module's reader then sees no implicit any). */
    variable: (name: string, initializer?: ts.Expression): ts.Statement =>
      factory.variableStatement(factory.variables("let", name, initializer)),
    expression: (value: ts.Expression): ts.Statement => factory.expressionStatement(value),
    ret: (value?: ts.Expression): ts.Statement => factory.returnStatement(value),

    when(
      test: ts.Expression,
      then: readonly ts.Statement[] | ts.Statement,
      otherwise?: readonly ts.Statement[] | ts.Statement,
    ): ts.Statement {
      const wrap = (body: readonly ts.Statement[] | ts.Statement) => (Array.isArray(body) ? block(body) : (body as ts.Statement));
      return factory.ifStatement(test, wrap(then), otherwise && wrap(otherwise));
    },

    /** `for (let i = from; i < array.length; i++) { ... }` */
    forEachIndex(counter: string, array: ts.Expression, body: readonly ts.Statement[], from = 0): ts.Statement {
      return factory.forStatement(
        factory.variables("let", counter, num(from)),
        lt(id(counter), lengthOf(array)),
        factory.postfixIncrement(id(counter)),
        block(body),
      );
    },

    /** `for (const key in object) { ... }` */
    forEachKey(key: string, object: ts.Expression, body: readonly ts.Statement[]): ts.Statement {
      return factory.forInStatement(factory.variables("const", key, undefined), object, block(body));
    },

    /** `function name(parameters) { body }`, `async function ...`, `function name({ a, b }) { ... }`. */
    functionDeclaration(
      name: string,
      parameters: readonly (string | readonly string[])[],
      body: readonly ts.Statement[],
      { async = false }: { readonly async?: boolean } = {},
    ): ts.FunctionDeclaration {
      return factory.functionDeclaration(name, parameters.map(parameter), block(body), async);
    },

    /** `function name(parameters) { body }` as a value: what a handler factory returns. */
    functionExpression(
      name: string,
      parameters: readonly string[],
      body: readonly ts.Statement[],
      { async = false }: { readonly async?: boolean } = {},
    ): ts.FunctionExpression {
      return factory.functionExpression(name, parameters.map(parameter), block(body), async);
    },

    /** `a + "b" + c`, with neighbouring string parts joined into one literal. */
    concat(...parts: readonly (string | ts.Expression)[]): ts.Expression {
      const merged: (string | ts.Expression)[] = [];
      for (const part of parts) {
        const last = merged[merged.length - 1];
        if (typeof part === "string" && typeof last === "string") merged[merged.length - 1] = last + part;
        else merged.push(part);
      }
      return merged.map((part) => (typeof part === "string" ? str(part) : part)).reduce((left, right) => plus(left, right));
    },

    /** `target.name`, or `target["name"]` when the name is not an identifier. */
    memberAccess(target: ts.Expression, name: string): ts.Expression {
      return isIdentifierName(name) ? prop(target, name) : index(target, str(name));
    },

    /** `(a, b) => body`, `async (c) => { ... }`, `({ a, b }) => body`. */
    arrow(
      parameters: readonly (string | readonly string[])[],
      body: ts.ConciseBody,
      { async = false }: { readonly async?: boolean } = {},
    ): ts.ArrowFunction {
      return factory.arrow(parameters.map(parameter), body, async);
    },

    /** `{ name: value, ... }`, in the order given; one property a line when `multiLine`. */
    object(
      properties: Readonly<Record<string, ts.Expression>> | readonly (readonly [string, ts.Expression])[],
      multiLine = false,
    ): ts.ObjectLiteralExpression {
      const entries = Array.isArray(properties) ? properties : Object.entries(properties);
      return factory.object(
        entries.map(([name, value]) => property(name, value)),
        multiLine,
      );
    },

    /** `import * as name from "specifier";` */
    namespaceImport(name: string, specifier: string): ts.ImportDeclaration {
      return factory.namespaceImport(name, specifier);
    },

    /** `name(parameters) { body }`, a method of a class; `"odd name"(...)` when the name is not an identifier. */
    methodDeclaration(name: string, parameters: readonly ts.ParameterDeclaration[], body: ts.Block | undefined): ts.MethodDeclaration {
      return factory.method(isIdentifierName(name) ? { identifier: name } : { string: name }, parameters, body);
    },
  };
}

/** The vocabulary generate/ writes with, bound to one compiler's factory. */
export type Nodes = ReturnType<typeof createNodes>;
