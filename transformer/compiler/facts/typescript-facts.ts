import ts from "typescript";
import type { CompilerFacts, FactSignature, FactSymbol, FactType, RawDocComment, Syntax } from "./compiler-facts.js";

// The compiler facts of TypeScript 5.9 and 6, in-process: the handles are the
// checker's own Type, Symbol and Signature objects.

const type = (handle: FactType) => handle as unknown as ts.Type;
const symbol = (handle: FactSymbol) => handle as unknown as ts.Symbol;
const signature = (handle: FactSignature) => handle as unknown as ts.Signature;
/** The handle of a checker's own type, for a host that holds one (the language service). */
export const factType = (value: ts.Type) => value as unknown as FactType;
const factSymbol = (value: ts.Symbol) => value as unknown as FactSymbol;
const factSignature = (value: ts.Signature) => value as unknown as FactSignature;

const MODIFIERS = {
  static: ts.SyntaxKind.StaticKeyword,
  export: ts.SyntaxKind.ExportKeyword,
  async: ts.SyntaxKind.AsyncKeyword,
  declare: ts.SyntaxKind.DeclareKeyword,
  readonly: ts.SyntaxKind.ReadonlyKeyword,
} as const;

const TOKENS = {
  MinusToken: ts.SyntaxKind.MinusToken,
  TrueKeyword: ts.SyntaxKind.TrueKeyword,
  FalseKeyword: ts.SyntaxKind.FalseKeyword,
} as const;

export const typescriptSyntax: Syntax = {
  isIdentifier: ts.isIdentifier,
  isStringLiteral: ts.isStringLiteral,
  isStringLiteralLike: ts.isStringLiteralLike,
  isCallExpression: ts.isCallExpression,
  isPropertyAccessExpression: ts.isPropertyAccessExpression,
  isObjectLiteralExpression: ts.isObjectLiteralExpression,
  isArrayLiteralExpression: ts.isArrayLiteralExpression,
  isPropertyAssignment: ts.isPropertyAssignment,
  isSpreadAssignment: ts.isSpreadAssignment,
  isShorthandPropertyAssignment: ts.isShorthandPropertyAssignment,
  isClassDeclaration: ts.isClassDeclaration,
  isMethodDeclaration: ts.isMethodDeclaration,
  isPropertyDeclaration: ts.isPropertyDeclaration,
  isPropertySignature: ts.isPropertySignature,
  isConstructorDeclaration: ts.isConstructorDeclaration,
  isClassStaticBlockDeclaration: ts.isClassStaticBlockDeclaration,
  isFunctionLike: ts.isFunctionLike,
  isVariableDeclaration: ts.isVariableDeclaration,
  isVariableDeclarationList: ts.isVariableDeclarationList,
  isTypeAliasDeclaration: ts.isTypeAliasDeclaration,
  isTypeReferenceNode: ts.isTypeReferenceNode,
  isTypeLiteralNode: ts.isTypeLiteralNode,
  isUnionTypeNode: ts.isUnionTypeNode,
  isParenthesizedTypeNode: ts.isParenthesizedTypeNode,
  isImportSpecifier: ts.isImportSpecifier,
  isImportClause: ts.isImportClause,
  isNamespaceImport: ts.isNamespaceImport,
  isAwaitExpression: ts.isAwaitExpression,
  isForOfStatement: ts.isForOfStatement,
  isReturnStatement: ts.isReturnStatement,
  isObjectBindingPattern: ts.isObjectBindingPattern,
  isNumericLiteral: ts.isNumericLiteral,
  isBigIntLiteral: ts.isBigIntLiteral,
  isPrefixUnaryExpression: ts.isPrefixUnaryExpression,
  isToken: (kind, token) => kind === TOKENS[token],
  decoratorsOf: (node) => (ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : []),
  hasModifier: (node, modifier) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node)?.some((each) => each.kind === MODIFIERS[modifier]) ?? false),
  isExtendsClause: (clause) => clause.token === ts.SyntaxKind.ExtendsKeyword,
  forEachChild: (node, visit) => {
    ts.forEachChild(node, visit);
  },
  getLeadingCommentRanges: ts.getLeadingCommentRanges,
};

export function typescriptFacts(program: ts.Program): CompilerFacts {
  const checker = program.getTypeChecker();
  const defaultLibrary = (fileName: string) => {
    const file = program.getSourceFile(fileName);
    return file !== undefined && program.isSourceFileDefaultLibrary(file);
  };
  return {
    syntax: typescriptSyntax,
    flags: { TypeFlags: ts.TypeFlags, SymbolFlags: ts.SymbolFlags, ElementFlags: ts.ElementFlags, NodeFlags: ts.NodeFlags },
    sourceFiles: () =>
      program
        .getSourceFiles()
        .filter((file) => !file.isDeclarationFile && !program.isSourceFileFromExternalLibrary(file))
        .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0)),
    isDefaultLibraryFile: defaultLibrary,

    symbolAt: (node) => {
      const found = checker.getSymbolAtLocation(node);
      return found && factSymbol(found);
    },
    aliasTarget: (handle) => {
      const found = symbol(handle);
      return found.flags & ts.SymbolFlags.Alias ? factSymbol(checker.getAliasedSymbol(found)) : handle;
    },
    shorthandValueSymbol: (property) => {
      const found = checker.getShorthandAssignmentValueSymbol(property);
      return found && factSymbol(found);
    },
    symbolName: (handle) => symbol(handle).name,
    symbolFlags: (handle) => symbol(handle).flags,
    declarations: (handle) => symbol(handle).declarations ?? [],
    declarationFileNames: (handle) => (symbol(handle).declarations ?? []).map((declaration) => declaration.getSourceFile().fileName),
    valueDeclaration: (handle) => symbol(handle).valueDeclaration,
    typeOfSymbol: (handle) => factType(checker.getTypeOfSymbol(symbol(handle))),
    declaredTypeOfSymbol: (handle) => factType(checker.getDeclaredTypeOfSymbol(symbol(handle))),
    docComment: (handle) => sourceDocComment(symbol(handle)),
    globalTypeSymbol: (name) => {
      const found = checker.resolveName(name, undefined, ts.SymbolFlags.Type, false);
      return found && factSymbol(found);
    },

    typeOfTypeNode: (node) => factType(checker.getTypeFromTypeNode(node)),
    typeAt: (node) => factType(checker.getTypeAtLocation(node)),
    typeFlags: (handle) => type(handle).flags,
    typeText: (handle, options) =>
      options?.noTruncation
        ? checker.typeToString(type(handle), undefined, ts.TypeFormatFlags.NoTruncation)
        : checker.typeToString(type(handle)),
    literalValue: (handle) => {
      const found = type(handle);
      if (found.isStringLiteral() || found.isNumberLiteral()) return found.value;
      if (found.flags & ts.TypeFlags.BooleanLiteral) return checker.typeToString(found) === "true";
      return undefined;
    },
    unionMembers: (handle) => {
      const found = type(handle);
      return found.isUnion() ? found.types.map(factType) : undefined;
    },
    intersectionMembers: (handle) => {
      const found = type(handle);
      return found.isIntersection() ? found.types.map(factType) : undefined;
    },
    typeSymbol: (handle) => {
      const found = type(handle).getSymbol();
      return found && factSymbol(found);
    },
    aliasSymbol: (handle) => {
      const found = type(handle).aliasSymbol;
      return found && factSymbol(found);
    },
    isArrayType: (handle) => checker.isArrayType(type(handle)),
    isTupleType: (handle) => checker.isTupleType(type(handle)),
    typeArguments: (handle) => checker.getTypeArguments(type(handle) as ts.TypeReference).map(factType),
    tupleShape: (handle) => {
      const target = (type(handle) as ts.TupleTypeReference).target;
      return { elementFlags: target.elementFlags, minLength: target.minLength };
    },
    properties: (handle) => checker.getPropertiesOfType(type(handle)).map(factSymbol),
    property: (handle, name) => {
      const found = checker.getPropertyOfType(type(handle), name);
      return found && factSymbol(found);
    },
    indexInfos: (handle) =>
      checker.getIndexInfosOfType(type(handle)).map((info) => ({ keyType: factType(info.keyType), valueType: factType(info.type) })),
    callSignatures: (handle) => type(handle).getCallSignatures().map(factSignature),
    constructSignatures: (handle) => type(handle).getConstructSignatures().map(factSignature),
    signatureParameters: (handle) => signature(handle).getParameters().map(factSymbol),
    returnType: (handle) => factType(signature(handle).getReturnType()),
    nonNullableType: (handle) => factType(checker.getNonNullableType(type(handle))),
    apparentType: (handle) => factType(checker.getApparentType(type(handle))),
    baseConstraint: (handle) => {
      const found = checker.getBaseConstraintOfType(type(handle));
      return found && factType(found);
    },
    awaitedType: (handle) => factType(checker.getAwaitedType(type(handle)) ?? type(handle)),
  };
}

// The comment is read from the source text, not from the checker: tsc (and so
// tspc) parses .ts files with JSDocParsingMode.ParseForTypeErrors, which skips
// every doc comment that holds no @see or @link, so a build's symbols have
// none. The comment's own text is parsed here, alone, and only when there is one.

/** The doc comment of the first of a symbol's declarations that has one. */
function sourceDocComment(found: ts.Symbol): RawDocComment {
  for (const declaration of found.declarations ?? []) {
    const doc = parsedDocOf(declaration);
    if (doc) {
      return {
        text: ts.getTextOfJSDocComment(doc.comment) ?? "",
        tags: (doc.tags ?? []).map((tag) => ({ name: tag.tagName.text, text: docTagText(tag) })),
      };
    }
  }
  return { text: "", tags: [] };
}

/** A tag's text as TypeScript 7's API renders it: a `@param`'s name, then its comment. */
function docTagText(tag: ts.JSDocTag): string {
  const comment = ts.getTextOfJSDocComment(tag.comment)?.trim() ?? "";
  if (!ts.isJSDocParameterTag(tag)) return comment;
  const name = tag.name.getText();
  return comment === "" ? name : `${name} ${comment}`;
}

/** The last `/** *\/` comment before a declaration (the one TypeScript attaches), parsed. */
function parsedDocOf(declaration: ts.Declaration): ts.JSDoc | undefined {
  const file = declaration.getSourceFile();
  const owner = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
  const comment = ts
    .getLeadingCommentRanges(file.text, owner.pos)
    ?.filter((range) => range.kind === ts.SyntaxKind.MultiLineCommentTrivia && file.text.startsWith("/**", range.pos))
    .at(-1);
  const text = comment && file.text.slice(comment.pos, comment.end);
  if (!text || text === "/**/") return undefined;
  const host = ts.createSourceFile("doc-comment.ts", `${text}\nfunction documented() {}\n`, ts.ScriptTarget.Latest, true);
  return ts.getJSDocCommentsAndTags(host.statements[0]!).find(ts.isJSDoc);
}
