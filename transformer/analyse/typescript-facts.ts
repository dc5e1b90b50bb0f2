import ts from "typescript";
import type { CompilerFacts, FactSignature, FactSymbol, FactType, Syntax } from "./compiler-facts.js";

// The compiler facts of TypeScript 5.9 and 6, in-process: the handles are the
// checker's own Type, Symbol and Signature objects.

const type = (handle: FactType) => handle as unknown as ts.Type;
const symbol = (handle: FactSymbol) => handle as unknown as ts.Symbol;
const signature = (handle: FactSignature) => handle as unknown as ts.Signature;
const factType = (value: ts.Type) => value as unknown as FactType;
const factSymbol = (value: ts.Symbol) => value as unknown as FactSymbol;
const factSignature = (value: ts.Signature) => value as unknown as FactSignature;

const MODIFIERS = {
  static: ts.SyntaxKind.StaticKeyword,
  export: ts.SyntaxKind.ExportKeyword,
  async: ts.SyntaxKind.AsyncKeyword,
  declare: ts.SyntaxKind.DeclareKeyword,
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
  isClassDeclaration: ts.isClassDeclaration,
  isMethodDeclaration: ts.isMethodDeclaration,
  isPropertyDeclaration: ts.isPropertyDeclaration,
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
    symbolName: (handle) => symbol(handle).name,
    symbolFlags: (handle) => symbol(handle).flags,
    declarations: (handle) => symbol(handle).declarations ?? [],
    declarationFileNames: (handle) => (symbol(handle).declarations ?? []).map((declaration) => declaration.getSourceFile().fileName),
    valueDeclaration: (handle) => symbol(handle).valueDeclaration,
    typeOfSymbol: (handle) => factType(checker.getTypeOfSymbol(symbol(handle))),
    declaredTypeOfSymbol: (handle) => factType(checker.getDeclaredTypeOfSymbol(symbol(handle))),
    docComment: (handle) => ({
      text: ts.displayPartsToString(symbol(handle).getDocumentationComment(checker)),
      tags: symbol(handle)
        .getJsDocTags(checker)
        .map((tag) => tag.name),
    }),
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
