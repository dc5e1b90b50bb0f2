import type ts from "typescript";

// The constructors generate/ builds its syntax with (through nodes.ts), as one
// interface with an implementation per compiler: TypeScript 6's `ts.factory`
// for the transformer (typescript-syntax-factory.ts), and TypeScript 7's
// `unstable/ast/factory` for the module `honest generate` writes
// (typescript7-syntax-factory.ts), whose SyntaxKind numbers and signatures
// differ. Nodes are typed with TypeScript 6's declarations either way: both
// compilers' nodes have the same shape, and generate/ only builds and passes
// them on. A generation is given its factory in its context
// (generation-context.ts), which nodes.ts binds its vocabulary to.

export type BinaryOperator = "===" | "!==" | "&&" | "||" | "+" | "<" | ">" | "<=" | ">=" | "=" | "+=" | "instanceof";

export interface SyntaxFactory {
  identifier(name: string): ts.Identifier;
  string(text: string): ts.StringLiteral;
  /** A non-negative number literal. */
  number(value: number): ts.Expression;
  /** `/source/flags`. */
  regex(text: string): ts.Expression;
  keyword(word: "true" | "false" | "null"): ts.Expression;
  voidZero(): ts.Expression;
  negative(operand: ts.Expression): ts.Expression;
  logicalNot(operand: ts.Expression): ts.Expression;
  typeOf(operand: ts.Expression): ts.Expression;
  await(operand: ts.Expression): ts.Expression;
  postfixIncrement(operand: ts.Expression): ts.Expression;
  binary(left: ts.Expression, operator: BinaryOperator, right: ts.Expression): ts.Expression;
  conditional(test: ts.Expression, yes: ts.Expression, no: ts.Expression): ts.Expression;
  call(callee: ts.Expression, args: readonly ts.Expression[]): ts.CallExpression;
  /** `target?.name(...args)`. */
  optionalCall(target: ts.Expression, name: string, args: readonly ts.Expression[]): ts.Expression;
  construct(type: ts.Expression, args: readonly ts.Expression[]): ts.NewExpression;
  property(target: ts.Expression, name: string): ts.PropertyAccessExpression;
  element(target: ts.Expression, key: ts.Expression): ts.ElementAccessExpression;
  array(elements: readonly ts.Expression[], multiLine: boolean): ts.ArrayLiteralExpression;
  object(properties: readonly ts.ObjectLiteralElementLike[], multiLine: boolean): ts.ObjectLiteralExpression;
  /** `key: value`; the key an identifier, a string literal, or computed from a string (`["__proto__"]`). */
  propertyAssignment(
    key: { readonly identifier: string } | { readonly string: string } | { readonly computed: string },
    value: ts.Expression,
  ): ts.PropertyAssignment;
  /** `let name: unknown` when a `let` has no initializer: a TypeScript module then declares no implicit any. */
  /** `name`, short for `name: name`. */
  shorthandPropertyAssignment(name: string): ts.ShorthandPropertyAssignment;
  variables(kind: "const" | "let", name: string, initializer: ts.Expression | undefined): ts.VariableDeclarationList;
  variableStatement(list: ts.VariableDeclarationList): ts.Statement;
  expressionStatement(value: ts.Expression): ts.Statement;
  returnStatement(value: ts.Expression | undefined): ts.Statement;
  continueStatement(): ts.Statement;
  block(statements: readonly ts.Statement[]): ts.Block;
  ifStatement(test: ts.Expression, then: ts.Statement, otherwise: ts.Statement | undefined): ts.Statement;
  forStatement(
    initializer: ts.VariableDeclarationList,
    condition: ts.Expression,
    incrementor: ts.Expression,
    body: ts.Statement,
  ): ts.Statement;
  forInStatement(initializer: ts.VariableDeclarationList, object: ts.Expression, body: ts.Statement): ts.Statement;
  parameter(name: string): ts.ParameterDeclaration;
  /** `{ a, b }`: a parameter that takes the named properties of an object. */
  objectBindingParameter(names: readonly string[]): ts.ParameterDeclaration;
  functionDeclaration(name: string, parameters: readonly ts.ParameterDeclaration[], body: ts.Block, async: boolean): ts.FunctionDeclaration;
  functionExpression(name: string, parameters: readonly ts.ParameterDeclaration[], body: ts.Block, async: boolean): ts.FunctionExpression;
  arrow(parameters: readonly ts.ParameterDeclaration[], body: ts.ConciseBody, async: boolean): ts.ArrowFunction;
  method(
    name: { readonly identifier: string } | { readonly string: string },
    parameters: readonly ts.ParameterDeclaration[],
    body: ts.Block | undefined,
  ): ts.MethodDeclaration;
  namespaceImport(name: string, specifier: string): ts.ImportDeclaration;

  // What not() reads of a condition it negates.
  /** The expression inside parentheses, if the node is parenthesized. */
  parenthesized(node: ts.Expression): ts.Expression | undefined;
  /** The operand of `!operand`. */
  negated(node: ts.Expression): ts.Expression | undefined;
  /** An identifier's name, if the node is one. */
  identifierName(node: ts.Expression): string | undefined;
  /** A binary expression's operator, when it is one of ours. */
  binaryOperator(node: ts.Expression): BinaryOperator | undefined;
}
