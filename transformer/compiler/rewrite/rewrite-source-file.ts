import ts from "typescript";
import type {
  ControllerModel,
  CreateAppCallModel,
  ErrorFormatModel,
  HonoMiddlewareName,
  InjectableModel,
  ProgramModel,
  ScheduledClassModel,
  ShapeTable,
} from "../model.js";
import { defineControllerStatement, defineSchedulesStatement, injectableStatements } from "../generate/class-registrations.js";
import { createAppCall } from "../generate/create-app-call.js";
import { GenerationContext } from "../generate/generation-context.js";
import { shapeFunctionDeclarations } from "../generate/programmers/shape-declarations.js";
import { synchronousCopies } from "../generate/synchronous-copy.js";
import { typescriptSyntaxFactory } from "../generate/factories/typescript-syntax-factory.js";
import { ImportUses, withoutUnusedNames } from "./unused-imports.js";

// The last stage: in one source file, drop honest's decorators, give each
// controller the synchronous copies of its handlers that never await, follow
// each controller or injectable class with its registration, complete each
// createApp() call, add the imports the generated code uses (and drop the
// names only the decorators and createApp() used, unused-imports.ts), and
// end the file with the functions that read query strings, headers and
// cookies, check bodies and write responses.

export interface ProgramIndex {
  readonly controllers: ReadonlyMap<ts.Node, ControllerModel>;
  readonly injectables: ReadonlyMap<ts.Node, InjectableModel>;
  readonly scheduled: ReadonlyMap<ts.Node, ScheduledClassModel>;
  readonly createAppCalls: ReadonlyMap<ts.Node, CreateAppCallModel>;
  readonly decorators: ReadonlySet<ts.Node>;
  /** The handlers of routes that run in a request scope (ProgramModel's `requestScoped`). */
  readonly requestScoped: ReadonlySet<ts.Node>;
  readonly honoMiddlewareCalls: ReadonlyMap<ts.Node, HonoMiddlewareName>;
  readonly shapes: ShapeTable;
  readonly errors: readonly string[];
  /** The OpenAPI document's JSON text, for `createApp()` calls that serve it. */
  readonly openapi: string | undefined;
  /** The program's error format, whose writers every `createApp()` call is given. */
  readonly errorFormat: ErrorFormatModel | undefined;
}

/** Indexes the program model by node, for the per-file rewrite. */
export function indexModel(model: ProgramModel, openapi: string | undefined): ProgramIndex {
  return {
    controllers: new Map(model.controllers.map((controller) => [controller.node, controller])),
    injectables: new Map(model.injectables.map((injectable) => [injectable.node, injectable])),
    scheduled: new Map(model.scheduled.map((scheduled) => [scheduled.node, scheduled])),
    createAppCalls: new Map(model.createAppCalls.map((call) => [call.node, call])),
    decorators: new Set(model.decorators),
    requestScoped: model.requestScoped,
    honoMiddlewareCalls: model.honoMiddlewareCalls,
    shapes: model.shapes,
    errors: model.errors,
    openapi,
    errorFormat: model.errorFormat,
  };
}

/** `checker` is the program's, which says which imported names are values. */
export function rewriteSourceFile(
  file: ts.SourceFile,
  model: ProgramIndex,
  context: ts.TransformationContext,
  checker: ts.TypeChecker,
): ts.SourceFile {
  const generation = new GenerationContext(typescriptSyntaxFactory, model.shapes, model.honoMiddlewareCalls, model.requestScoped);
  let changed = false;
  let uses: ImportUses | undefined;

  const visit = (node: ts.Node): ts.VisitResult<ts.Node | undefined> => {
    const original = ts.getOriginalNode(node);
    if (model.decorators.has(original)) {
      changed = true;
      return undefined;
    }
    if (ts.isImportDeclaration(node)) {
      uses ??= new ImportUses(file, (each) => model.decorators.has(each) || isReplacedCallee(each, model));
      return withoutUnusedNames(node, uses, context.getCompilerOptions(), checker);
    }
    if (ts.isClassDeclaration(node)) {
      const controller = model.controllers.get(original);
      const injectable = model.injectables.get(original);
      const scheduled = model.scheduled.get(original);
      if (controller || injectable || scheduled) {
        changed = true;
        const registrations: ts.Statement[] = [];
        if (injectable) registrations.push(...injectableStatements(injectable, generation));
        if (scheduled) registrations.push(defineSchedulesStatement(scheduled, generation));
        if (controller) registrations.push(...defineControllerStatement(controller, generation));
        const rewritten = ts.visitEachChild(node, visit, context);
        const copies = controller ? synchronousCopies(controller, rewritten, generation.nodes) : [];
        const completed =
          copies.length === 0
            ? rewritten
            : ts.factory.updateClassDeclaration(
                rewritten,
                rewritten.modifiers,
                rewritten.name,
                rewritten.typeParameters,
                rewritten.heritageClauses,
                [...rewritten.members, ...copies],
              );
        return [completed, ...registrations];
      }
    }
    if (ts.isCallExpression(node)) {
      const call = model.createAppCalls.get(original);
      if (call) {
        changed = true;
        const args = ts.visitNodes(node.arguments, visit, ts.isExpression);
        const outcome = { errors: model.errors, openapi: call.servesOpenapi ? model.openapi : undefined };
        return createAppCall(call, args, outcome, model.errorFormat, generation);
      }
      if (model.honoMiddlewareCalls.has(original)) {
        changed = true;
        return generation.middleware(original as ts.CallExpression, ts.visitNodes(node.arguments, visit, ts.isExpression));
      }
    }
    return ts.visitEachChild(node, visit, context);
  };

  const statements = [...ts.visitNodes(file.statements, visit, ts.isStatement)];
  if (!changed) return file;
  // Generating the functions may import more of the runtime: build them before the imports.
  statements.push(...generation.readers.declarations(), ...shapeFunctionDeclarations(generation));
  const prologueLength = statements.findIndex((statement) => !isPrologueDirective(statement));
  const split = prologueLength === -1 ? statements.length : prologueLength;
  return ts.factory.updateSourceFile(file, [
    ...statements.slice(0, split),
    ...generation.imports.declarations(),
    ...statements.slice(split),
  ]);
}

/** The `createApp` of a `createApp(...)` call the rewrite replaces, or the `cors` of a Hono middleware call that becomes honest's. */
function isReplacedCallee(node: ts.Node, model: ProgramIndex): boolean {
  const parent = node.parent as ts.Node | undefined;
  return (
    parent !== undefined &&
    ts.isCallExpression(parent) &&
    parent.expression === node &&
    (model.createAppCalls.has(parent) || model.honoMiddlewareCalls.has(parent))
  );
}

function isPrologueDirective(statement: ts.Statement): boolean {
  return ts.isExpressionStatement(statement) && ts.isStringLiteral(statement.expression);
}
