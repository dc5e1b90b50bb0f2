import type ts from "typescript";
import * as ast from "typescript7/unstable/ast";
import {
  ElementFlags,
  type NodeHandle,
  ObjectFlags,
  type Project,
  SignatureKind,
  SymbolFlags,
  type Signature as Ts7Signature,
  type Symbol as Ts7Symbol,
  type Type as Ts7Type,
  TypeFlags,
  type TypeReference as Ts7TypeReference,
} from "typescript7/unstable/sync";
import type { CompilerFacts, FactSignature, FactSymbol, FactType, Syntax } from "./compiler-facts.js";
import { mayHaveDocComment } from "./doc-comment-reach.js";
import { declaresOnlyProperties } from "./interface-members.js";
import { prefetchAnswers } from "./typescript7-prefetch.js";

// The compiler facts of TypeScript 7 (docs/setup/typescript-7.md, "TypeScript 7: generator mode"), from its unstable API: a
// checker in the native binary, asked over IPC (`typescript/unstable/sync`,
// pinned as `typescript7`, an optional peer dependency of honest's, since the
// API changes between releases). The handles are the API's own Type, Symbol and Signature objects,
// which it keeps one per id, so they are Map keys as TypeScript 6's are.
// Syntax trees are decoded from the binary's, as plain objects with
// TypeScript's property names; SyntaxKind numbers differ from TypeScript 6's,
// so nodes are recognised by the API's own is* functions. What the API lacks
// is made here from what it has (docs/setup/typescript-7.md, "TypeScript 7: generator mode").

const type = (handle: FactType) => handle as unknown as Ts7Type;
const symbol = (handle: FactSymbol) => handle as unknown as Ts7Symbol;
const signature = (handle: FactSignature) => handle as unknown as Ts7Signature;
const factType = (value: Ts7Type) => value as unknown as FactType;
const factSymbol = (value: Ts7Symbol) => value as unknown as FactSymbol;
const factSignature = (value: Ts7Signature) => value as unknown as FactSignature;
const node = (value: ts.Node) => value as unknown as ast.Node;
const tsNode = <T extends ts.Node = ts.Node>(value: ast.Node) => value as unknown as T;

/** TypeScript's TypeFormatFlags.NoTruncation, which TypeScript 7's API does not export. */
const NO_TRUNCATION = 1;

const MODIFIERS = {
  static: ast.SyntaxKind.StaticKeyword,
  export: ast.SyntaxKind.ExportKeyword,
  async: ast.SyntaxKind.AsyncKeyword,
  declare: ast.SyntaxKind.DeclareKeyword,
  readonly: ast.SyntaxKind.ReadonlyKeyword,
} as const;

const TOKENS = {
  MinusToken: ast.SyntaxKind.MinusToken,
  TrueKeyword: ast.SyntaxKind.TrueKeyword,
  FalseKeyword: ast.SyntaxKind.FalseKeyword,
} as const;

/** TypeScript 6's isFunctionLike: declarations with a signature, and signature types. */
const FUNCTION_LIKE = new Set<ast.SyntaxKind>([
  ast.SyntaxKind.FunctionDeclaration,
  ast.SyntaxKind.MethodDeclaration,
  ast.SyntaxKind.Constructor,
  ast.SyntaxKind.GetAccessor,
  ast.SyntaxKind.SetAccessor,
  ast.SyntaxKind.FunctionExpression,
  ast.SyntaxKind.ArrowFunction,
  ast.SyntaxKind.MethodSignature,
  ast.SyntaxKind.CallSignature,
  ast.SyntaxKind.ConstructSignature,
  ast.SyntaxKind.IndexSignature,
  ast.SyntaxKind.FunctionType,
  ast.SyntaxKind.ConstructorType,
  ast.SyntaxKind.JSDocSignature,
]);

const predicate = <T extends ts.Node>(is: (value: ast.Node) => boolean) => is as unknown as (value: ts.Node) => value is T;

export const typescript7Syntax: Syntax = {
  isIdentifier: predicate(ast.isIdentifier),
  isStringLiteral: predicate(ast.isStringLiteral),
  isStringLiteralLike: predicate(ast.isStringLiteralLikeNode),
  isCallExpression: predicate(ast.isCallExpression),
  isPropertyAccessExpression: predicate(ast.isPropertyAccessExpression),
  isObjectLiteralExpression: predicate(ast.isObjectLiteralExpression),
  isArrayLiteralExpression: predicate(ast.isArrayLiteralExpression),
  isPropertyAssignment: predicate(ast.isPropertyAssignment),
  isSpreadAssignment: predicate(ast.isSpreadAssignment),
  isShorthandPropertyAssignment: predicate(ast.isShorthandPropertyAssignment),
  isClassDeclaration: predicate(ast.isClassDeclaration),
  isMethodDeclaration: predicate(ast.isMethodDeclaration),
  isPropertyDeclaration: predicate(ast.isPropertyDeclaration),
  isPropertySignature: predicate(ast.isPropertySignatureDeclaration),
  isConstructorDeclaration: predicate(ast.isConstructorDeclaration),
  isClassStaticBlockDeclaration: predicate(ast.isClassStaticBlockDeclaration),
  isFunctionLike: predicate((value) => value !== undefined && FUNCTION_LIKE.has(value.kind)),
  isVariableDeclaration: predicate(ast.isVariableDeclaration),
  isVariableDeclarationList: predicate(ast.isVariableDeclarationList),
  isTypeAliasDeclaration: predicate(ast.isTypeAliasDeclaration),
  isTypeReferenceNode: predicate(ast.isTypeReferenceNode),
  isTypeLiteralNode: predicate(ast.isTypeLiteralNode),
  isUnionTypeNode: predicate(ast.isUnionTypeNode),
  isParenthesizedTypeNode: predicate(ast.isParenthesizedTypeNode),
  isImportSpecifier: predicate(ast.isImportSpecifier),
  isImportClause: predicate(ast.isImportClause),
  isNamespaceImport: predicate(ast.isNamespaceImport),
  isAwaitExpression: predicate(ast.isAwaitExpression),
  isForOfStatement: predicate(ast.isForOfStatement),
  isReturnStatement: predicate(ast.isReturnStatement),
  isObjectBindingPattern: predicate(ast.isObjectBindingPattern),
  isNumericLiteral: predicate(ast.isNumericLiteral),
  isBigIntLiteral: predicate(ast.isBigIntLiteral),
  isPrefixUnaryExpression: predicate(ast.isPrefixUnaryExpression),
  isToken: (kind, token) => kind === TOKENS[token],
  // Decorators are among a node's modifiers in both compilers; TypeScript 7's API has no getDecorators.
  decoratorsOf: (value) => (modifiersOf(value) ?? []).filter(ast.isDecorator).map((each) => tsNode<ts.Decorator>(each)),
  hasModifier: (value, modifier) => (modifiersOf(value) ?? []).some((each) => each.kind === MODIFIERS[modifier]),
  // The token is TypeScript 7's own SyntaxKind number.
  isExtendsClause: (clause) => (clause.token as number) === ast.SyntaxKind.ExtendsKeyword,
  forEachChild: (value, visit) => {
    node(value).forEachChild((child) => {
      visit(tsNode(child));
    });
  },
  getLeadingCommentRanges: ast.getLeadingCommentRanges,
};

function modifiersOf(value: ts.Node): readonly ast.Node[] | undefined {
  return (node(value) as { readonly modifiers?: readonly ast.Node[] }).modifiers;
}

/** What `await` gives, as far as the API lets it be found: Promise<T> and PromiseLike<T> of the standard library give T. */
function awaited(project: Project, handle: Ts7Type, depth = 0): Ts7Type {
  const found = handle.getSymbol();
  if (depth > 8 || !found || (found.name !== "Promise" && found.name !== "PromiseLike")) return handle;
  const declaredInLibrary = found.declarations.every(
    (declaration: NodeHandle) => project.program.getSourceFileMetadata(declaration.path)?.isDefaultLibrary,
  );
  if (!declaredInLibrary || !handle.isTypeReference()) return handle;
  const [argument] = project.checker.getTypeArguments(handle as Ts7TypeReference);
  return argument ? awaited(project, argument, depth + 1) : handle;
}

export function typescript7Facts(project: Project): CompilerFacts {
  const { checker, program } = project;
  const resolve = (handle: NodeHandle) => {
    const found = handle.resolve(project);
    return found && tsNode(found);
  };
  const declarationsOf = memo((handle: FactSymbol) =>
    symbol(handle).declarations.flatMap((declaration) => declaration.resolve(project) ?? []),
  );
  const defaultLibrary = (fileName: string) => program.getSourceFileMetadata(fileName)?.isDefaultLibrary === true;
  const typesOfSymbols = new WeakMap<FactSymbol, FactType>();
  const symbolsAt = new WeakMap<ts.Node, FactSymbol | undefined>();
  const typesAt = new WeakMap<ts.Node, FactType>();
  let ownFiles: ts.SourceFile[] | undefined;
  /** Fills the caches with what analysis will ask about the program's own files (typescript7-prefetch.ts). */
  const prefetch = (files: readonly ast.SourceFile[]): void => {
    const answers = prefetchAnswers(checker, files);
    for (const [name, found] of answers.symbolsAt) symbolsAt.set(tsNode(name), found && factSymbol(found));
    for (const [located, found] of answers.typesAt) if (found) typesAt.set(tsNode(located), factType(found));
  };
  const isArrayTarget = new Map<number, boolean>();
  const isTupleTarget = new Map<number, boolean>();
  /**
   * Whether a type is a reference to an array (or tuple) type: the checker's
   * answer depends only on the reference's target, so it is asked once a
   * target, and a type that is no reference is none without asking.
   */
  const referenceTo = (targets: Map<number, boolean>, ask: (found: Ts7Type) => boolean) => (handle: FactType) => {
    const found = type(handle);
    if (!found.isObjectType() || !(found.objectFlags & ObjectFlags.Reference)) return false;
    // The target's id, which the API sends with the type (its TypeObject's `target`).
    const target = (found as Ts7Type & { readonly target?: number }).target;
    if (target === undefined) return ask(found);
    let answer = targets.get(target);
    if (answer === undefined) targets.set(target, (answer = ask(found)));
    return answer;
  };
  const typeSymbolOf = memo((handle: FactType) => {
    const found = type(handle).getSymbol();
    return found && factSymbol(found);
  });
  /**
   * Whether the type can have no call, construct or index signature, known
   * without asking: a mapped type has no call or construct signature, and a
   * data interface (or an instantiation of one) only the members it declares
   * (interface-members.ts).
   */
  const declaresNoSignatures = memo((handle: FactType) => {
    const found = type(handle);
    if (!found.isObjectType() || !(found.objectFlags & (ObjectFlags.Interface | ObjectFlags.Reference))) return false;
    const owner = typeSymbolOf(handle);
    return owner !== undefined && symbol(owner).flags === SymbolFlags.Interface && declaresOnlyProperties(declarationsOf(owner));
  });
  const isMapped = (handle: FactType) => {
    const found = type(handle);
    return found.isObjectType() && (found.objectFlags & ObjectFlags.Mapped) !== 0;
  };
  const propertiesByName = new WeakMap<FactType, Map<string, FactSymbol | undefined>>();
  // The same types are printed again and again: a shape's name, a union's members sorted by name.
  const typeText = memo((handle: FactType) => checker.typeToString(type(handle)));
  const wholeTypeText = memo((handle: FactType) => checker.typeToString(type(handle), undefined, NO_TRUNCATION));
  return {
    syntax: typescript7Syntax,
    flags: { TypeFlags, SymbolFlags, ElementFlags, NodeFlags: ast.NodeFlags },
    // Only the project's own files are fetched: a declaration file is known by its name, a library's by its metadata.
    // Asked for once per snapshot: the generator reads the files before analysis does.
    sourceFiles: () => {
      if (!ownFiles) {
        const files = program
          .getSourceFileNames()
          .filter((fileName) => !/\.d\.[mc]?ts$/.test(fileName) && !program.getSourceFileMetadata(fileName)?.isFromExternalLibrary)
          .sort()
          .flatMap((fileName) => program.getSourceFile(fileName) ?? []);
        prefetch(files);
        ownFiles = files.map((file) => tsNode<ts.SourceFile>(file));
      }
      return ownFiles;
    },
    isDefaultLibraryFile: defaultLibrary,

    symbolAt: memo((value) => {
      const found = checker.getSymbolAtLocation(node(value));
      return found && factSymbol(found);
    }, symbolsAt),
    aliasTarget: memo((handle) => {
      const found = symbol(handle);
      return found.flags & SymbolFlags.Alias ? factSymbol(checker.getAliasedSymbol(found)) : handle;
    }),
    shorthandValueSymbol: (property) => {
      const found = checker.getShorthandAssignmentValueSymbol(node(property));
      return found && factSymbol(found);
    },
    symbolName: (handle) => symbol(handle).name,
    symbolFlags: (handle) => symbol(handle).flags,
    // The API's nodes are the syntax analysis reads (see tsNode).
    declarations: (handle) => declarationsOf(handle) as unknown as readonly ts.Node[],
    declarationFileNames: (handle) => symbol(handle).declarations.map((declaration) => declaration.path),
    valueDeclaration: memo((handle) => {
      const declaration = symbol(handle).valueDeclaration;
      return declaration && resolve(declaration);
    }),
    typeOfSymbol: memo((handle) => factType(required(checker.getTypeOfSymbol(symbol(handle)), "getTypeOfSymbol")), typesOfSymbols),
    declaredTypeOfSymbol: memo((handle) => factType(checker.getDeclaredTypeOfSymbol(symbol(handle)))),
    docComment: memo((handle) => {
      const found = symbol(handle);
      const declarations = declarationsOf(handle);
      // Two round trips saved for each property of a data type without comments (doc-comment-reach.ts).
      if (declarations.length === found.declarations.length && !mayHaveDocComment(declarations)) return { text: "", tags: [] };
      return {
        text: checker.getDocumentationCommentOfSymbol(found),
        tags: checker.getJsDocTagsOfSymbol(found).map((tag) => ({ name: tag.name, text: tag.text?.trim() ?? "" })),
      };
    }),
    globalTypeSymbol: (name) => {
      const found = checker.resolveName(name, SymbolFlags.Type);
      return found && factSymbol(found);
    },

    // Of a type node, getTypeAtLocation answers what getTypeFromTypeNode does, so both share the prefetched answers.
    typeOfTypeNode: memo(
      (value) => factType(required(checker.getTypeFromTypeNode(node(value) as ast.TypeNode), "getTypeFromTypeNode")),
      typesAt,
    ),
    typeAt: memo((value) => factType(required(checker.getTypeAtLocation(node(value)), "getTypeAtLocation")), typesAt),
    typeFlags: (handle) => type(handle).flags,
    typeText: (handle, options) => (options?.noTruncation ? wholeTypeText(handle) : typeText(handle)),
    literalValue: (handle) => {
      const found = type(handle);
      if (found.flags & (TypeFlags.StringLiteral | TypeFlags.NumberLiteral | TypeFlags.BooleanLiteral)) {
        return (found as Ts7Type & { readonly value: string | number | boolean }).value;
      }
      return undefined;
    },
    unionMembers: memo((handle) => {
      const found = type(handle);
      return found.isUnionType() ? found.getTypes().map(factType) : undefined;
    }),
    intersectionMembers: memo((handle) => {
      const found = type(handle);
      return found.isIntersectionType() ? found.getTypes().map(factType) : undefined;
    }),
    typeSymbol: typeSymbolOf,
    aliasSymbol: memo((handle) => {
      const found = type(handle).getAliasSymbol();
      return found && factSymbol(found);
    }),
    isArrayType: referenceTo(isArrayTarget, (found) => checker.isArrayType(found)),
    isTupleType: referenceTo(isTupleTarget, (found) => checker.isTupleType(found)),
    typeArguments: memo((handle) => checker.getTypeArguments(type(handle) as Ts7TypeReference).map(factType)),
    tupleShape: (handle) => {
      // The flags are the tuple target's; TypeScript's minLength counts its required and variadic elements.
      const target = (type(handle) as Ts7TypeReference).getTarget() as Ts7Type & { readonly elementFlags: readonly number[] };
      const elementFlags = target.elementFlags;
      const minLength = elementFlags.filter((flags) => flags & (ElementFlags.Required | ElementFlags.Variadic)).length;
      return { elementFlags, minLength };
    },
    // Whoever asks for an object's properties asks for their types next: one request for them all.
    properties: memo((handle) => {
      const properties = checker.getPropertiesOfType(type(handle));
      const types = properties.length > 0 ? checker.getTypeOfSymbol(properties) : [];
      properties.forEach((property, index) => {
        const found = types[index];
        if (found) typesOfSymbols.set(factSymbol(property), factType(found));
      });
      return properties.map(factSymbol);
    }),
    property: (handle, name) => {
      let byName = propertiesByName.get(handle);
      if (!byName) propertiesByName.set(handle, (byName = new Map()));
      if (!byName.has(name)) {
        const found = checker.getPropertyOfType(type(handle), name);
        byName.set(name, found && factSymbol(found));
      }
      return byName.get(name);
    },
    indexInfos: memo((handle) =>
      declaresNoSignatures(handle)
        ? []
        : checker
            .getIndexInfosOfType(type(handle))
            .map((info) => ({ keyType: factType(info.keyType), valueType: factType(info.valueType) })),
    ),
    callSignatures: memo((handle) =>
      isMapped(handle) || declaresNoSignatures(handle)
        ? []
        : checker.getSignaturesOfType(type(handle), SignatureKind.Call).map(factSignature),
    ),
    constructSignatures: memo((handle) =>
      isMapped(handle) || declaresNoSignatures(handle)
        ? []
        : checker.getSignaturesOfType(type(handle), SignatureKind.Construct).map(factSignature),
    ),
    signatureParameters: (handle) => signature(handle).getParameters().map(factSymbol),
    returnType: memo((handle) => factType(required(checker.getReturnTypeOfSignature(signature(handle)), "getReturnTypeOfSignature"))),
    nonNullableType: memo((handle) => factType(checker.getNonNullableType(type(handle)) ?? type(handle))),
    apparentType: memo((handle) => factType(checker.getApparentType(type(handle)) ?? type(handle))),
    baseConstraint: memo((handle) => {
      const found = checker.getBaseConstraintOfType(type(handle));
      return found && factType(found);
    }),
    awaitedType: memo((handle) => factType(awaited(project, type(handle)))),
  };
}

/**
 * One answer per handle: each call is a round trip to the native process,
 * and analysis asks about the same symbols and types again and again (every
 * route's markers, every use of a shape). Handles are one object per id, so
 * they key a WeakMap.
 */
function memo<K extends object, V>(answer: (key: K) => V, answers = new WeakMap<K, V>()): (key: K) => V {
  return (key) => {
    if (answers.has(key)) return answers.get(key)!;
    const value = answer(key);
    answers.set(key, value);
    return value;
  };
}

/** An answer the API types as optional but TypeScript's checker always gives. */
function required<T>(value: T | undefined, method: string): T {
  if (value === undefined) throw new Error(`TypeScript 7's ${method} gave no answer; honest's generator mode needs one.`);
  return value;
}
