import type ts from "typescript";

// What analysis asks of the compiler, whichever compiler answers (one
// analysis, two compilers; docs/setup/typescript-7.md, "TypeScript 7: generator mode"). TypeScript 5.9 and 6 answer in-process
// (typescript-facts.ts, over ts.TypeChecker); TypeScript 7 answers over IPC
// from its native binary (../ts7/typescript7-facts.ts, over
// `typescript/unstable/sync`). Analysis code reads types, symbols and
// signatures only through these questions, and never imports `typescript`'s
// values: in generator mode the user's `typescript` is version 7, whose
// package exports no compiler.
//
// Syntax trees are the compiler's own: both compilers give plain objects with
// the same property names (`members`, `modifiers`, `typeArguments`, ...), so
// analysis keeps TypeScript's node types for type-checking, but recognises
// nodes only through `syntax` (the two compilers number SyntaxKind
// differently), and flags only through the compiler's own flag tables
// (TypeScript 6 renumbered TypeFlags, so 5.9 and 6 differ).

declare const typeBrand: unique symbol;
declare const symbolBrand: unique symbol;
declare const signatureBrand: unique symbol;

/** A type, as the compiler answering hands it out: the same type is always the same handle, so handles are Map keys. */
export interface FactType {
  readonly [typeBrand]: true;
}

/** A symbol; the same symbol is always the same handle. */
export interface FactSymbol {
  readonly [symbolBrand]: true;
}

/** A call or construct signature. */
export interface FactSignature {
  readonly [signatureBrand]: true;
}

/** The flag tables analysis reads, by name, from the compiler that answers. */
export interface FlagTables {
  readonly TypeFlags: Readonly<Record<TypeFlagName, number>>;
  readonly SymbolFlags: Readonly<Record<SymbolFlagName, number>>;
  readonly ElementFlags: Readonly<Record<ElementFlagName, number>>;
  readonly NodeFlags: Readonly<Record<NodeFlagName, number>>;
}

export type TypeFlagName =
  | "Any"
  | "Unknown"
  | "String"
  | "Number"
  | "Boolean"
  | "BigInt"
  | "StringLiteral"
  | "NumberLiteral"
  | "BooleanLiteral"
  | "BigIntLiteral"
  | "ESSymbolLike"
  | "Void"
  | "Undefined"
  | "Null"
  | "Never"
  | "TypeParameter"
  | "Object"
  | "NonPrimitive"
  | "TemplateLiteral"
  | "StringMapping"
  | "StringLike"
  | "NumberLike"
  | "BigIntLike"
  | "BooleanLike";

export type SymbolFlagName = "Optional" | "Method" | "Interface" | "Class" | "Alias" | "Type";

export type ElementFlagName = "Optional" | "Variable";

export type NodeFlagName = "BlockScoped" | "AwaitUsing";

/**
 * The syntax analysis recognises, with the names both compilers give these
 * functions (TypeScript 7's `typescript/unstable/ast` lacks a few, which its
 * facts supply). Nodes are typed with TypeScript's declarations.
 */
export interface Syntax {
  isIdentifier(node: ts.Node): node is ts.Identifier;
  isStringLiteral(node: ts.Node): node is ts.StringLiteral;
  /** A string literal or a template without substitutions. */
  isStringLiteralLike(node: ts.Node): node is ts.StringLiteralLike;
  isCallExpression(node: ts.Node): node is ts.CallExpression;
  isPropertyAccessExpression(node: ts.Node): node is ts.PropertyAccessExpression;
  isObjectLiteralExpression(node: ts.Node): node is ts.ObjectLiteralExpression;
  isArrayLiteralExpression(node: ts.Node): node is ts.ArrayLiteralExpression;
  isPropertyAssignment(node: ts.Node): node is ts.PropertyAssignment;
  isSpreadAssignment(node: ts.Node): node is ts.SpreadAssignment;
  isShorthandPropertyAssignment(node: ts.Node): node is ts.ShorthandPropertyAssignment;
  isClassDeclaration(node: ts.Node): node is ts.ClassDeclaration;
  isMethodDeclaration(node: ts.Node): node is ts.MethodDeclaration;
  isPropertyDeclaration(node: ts.Node): node is ts.PropertyDeclaration;
  isPropertySignature(node: ts.Node): node is ts.PropertySignature;
  isConstructorDeclaration(node: ts.Node): node is ts.ConstructorDeclaration;
  isClassStaticBlockDeclaration(node: ts.Node): node is ts.ClassStaticBlockDeclaration;
  isFunctionLike(node: ts.Node | undefined): node is ts.SignatureDeclaration;
  isVariableDeclaration(node: ts.Node): node is ts.VariableDeclaration;
  isVariableDeclarationList(node: ts.Node): node is ts.VariableDeclarationList;
  isTypeAliasDeclaration(node: ts.Node): node is ts.TypeAliasDeclaration;
  isTypeReferenceNode(node: ts.Node): node is ts.TypeReferenceNode;
  isTypeLiteralNode(node: ts.Node): node is ts.TypeLiteralNode;
  isUnionTypeNode(node: ts.Node): node is ts.UnionTypeNode;
  isParenthesizedTypeNode(node: ts.Node): node is ts.ParenthesizedTypeNode;
  isImportSpecifier(node: ts.Node): node is ts.ImportSpecifier;
  isImportClause(node: ts.Node): node is ts.ImportClause;
  isNamespaceImport(node: ts.Node): node is ts.NamespaceImport;
  isAwaitExpression(node: ts.Node): node is ts.AwaitExpression;
  isForOfStatement(node: ts.Node): node is ts.ForOfStatement;
  isReturnStatement(node: ts.Node): node is ts.ReturnStatement;
  isObjectBindingPattern(node: ts.Node): node is ts.ObjectBindingPattern;
  isNumericLiteral(node: ts.Node): node is ts.NumericLiteral;
  isBigIntLiteral(node: ts.Node): node is ts.BigIntLiteral;
  isPrefixUnaryExpression(node: ts.Node): node is ts.PrefixUnaryExpression;
  /** Whether a node's kind or an operator is the named token, in this compiler's numbering. */
  isToken(kind: number, token: "MinusToken" | "TrueKeyword" | "FalseKeyword"): boolean;
  /** The decorators written on a node (none where decorators cannot be). */
  decoratorsOf(node: ts.Node): readonly ts.Decorator[];
  /** Whether a modifier keyword (`static`, `export`, `async`, `declare`, `readonly`) is written on the node. */
  hasModifier(node: ts.Node, modifier: "static" | "export" | "async" | "declare" | "readonly"): boolean;
  /** Whether a heritage clause is `extends` (not `implements`). */
  isExtendsClause(clause: ts.HeritageClause): boolean;
  forEachChild(node: ts.Node, visit: (child: ts.Node) => void): void;
  getLeadingCommentRanges(text: string, pos: number): readonly { readonly pos: number; readonly end: number }[] | undefined;
}

/** A doc comment as the compiler renders it: its text, and its tags (`@param id the item's id` is `{ name: "param", text: "id the item's id" }`). */
export interface RawDocComment {
  readonly text: string;
  readonly tags: readonly RawDocTag[];
}

export interface RawDocTag {
  readonly name: string;
  /** What follows the tag's name, as one line of text; "" when nothing does. */
  readonly text: string;
}

export interface IndexFact {
  readonly keyType: FactType;
  readonly valueType: FactType;
}

export interface CompilerFacts {
  readonly syntax: Syntax;
  readonly flags: FlagTables;

  /** The program's own source files (not declaration files, not libraries), by file name. */
  sourceFiles(): readonly ts.SourceFile[];
  /** Whether a file is one of TypeScript's default libraries (`lib.es2023.d.ts`). */
  isDefaultLibraryFile(fileName: string): boolean;

  // Symbols.
  symbolAt(node: ts.Node): FactSymbol | undefined;
  /** What a symbol stands for once imports and re-exports are followed; the symbol itself when it is no alias. */
  aliasTarget(symbol: FactSymbol): FactSymbol;
  /** The value a shorthand property names (`{ renderError }`: the constant `renderError`), where symbolAt gives the property. */
  shorthandValueSymbol(property: ts.ShorthandPropertyAssignment): FactSymbol | undefined;
  symbolName(symbol: FactSymbol): string;
  symbolFlags(symbol: FactSymbol): number;
  /** The symbol's declarations as syntax (TypeScript 7 fetches each declaring file's tree once). */
  declarations(symbol: FactSymbol): readonly ts.Node[];
  /** The files that declare the symbol, without fetching their syntax. */
  declarationFileNames(symbol: FactSymbol): readonly string[];
  valueDeclaration(symbol: FactSymbol): ts.Node | undefined;
  typeOfSymbol(symbol: FactSymbol): FactType;
  declaredTypeOfSymbol(symbol: FactSymbol): FactType;
  docComment(symbol: FactSymbol): RawDocComment;
  /** A type named at the global scope (`File`), as a symbol. */
  globalTypeSymbol(name: string): FactSymbol | undefined;

  // Types.
  typeOfTypeNode(node: ts.TypeNode): FactType;
  typeAt(node: ts.Node): FactType;
  typeFlags(type: FactType): number;
  /** The type as the checker prints it; `noTruncation` for names that must be whole (`Page<Item>`). */
  typeText(type: FactType, options?: { readonly noTruncation?: boolean }): string;
  /** A string, number or boolean literal type's value. */
  literalValue(type: FactType): string | number | boolean | undefined;
  unionMembers(type: FactType): readonly FactType[] | undefined;
  intersectionMembers(type: FactType): readonly FactType[] | undefined;
  typeSymbol(type: FactType): FactSymbol | undefined;
  aliasSymbol(type: FactType): FactSymbol | undefined;
  isArrayType(type: FactType): boolean;
  isTupleType(type: FactType): boolean;
  /** `string` of `string[]`, the elements of a tuple. */
  typeArguments(type: FactType): readonly FactType[];
  /** A tuple type's element flags and how many elements are required. */
  tupleShape(type: FactType): { readonly elementFlags: readonly number[]; readonly minLength: number };
  properties(type: FactType): readonly FactSymbol[];
  property(type: FactType, name: string): FactSymbol | undefined;
  indexInfos(type: FactType): readonly IndexFact[];
  callSignatures(type: FactType): readonly FactSignature[];
  constructSignatures(type: FactType): readonly FactSignature[];
  signatureParameters(signature: FactSignature): readonly FactSymbol[];
  returnType(signature: FactSignature): FactType;
  nonNullableType(type: FactType): FactType;
  apparentType(type: FactType): FactType;
  baseConstraint(type: FactType): FactType | undefined;
  /** What `await` gives for a value of the type. */
  awaitedType(type: FactType): FactType;
}
