import ts from "typescript";
import type { ControllerModel, CreateAppCallModel, InjectableModel, ProgramModel, ShapeTable } from "../model.js";
import { defineControllerStatement, defineInjectionsStatement } from "../generate/class-registrations.js";
import { createAppCall } from "../generate/create-app-call.js";
import { ModuleImports } from "../generate/module-imports.js";
import { InputReaders } from "../generate/input-readers.js";
import { shapeFunctionDeclarations } from "../generate/programmers/shape-declarations.js";
import { ShapeFunctions } from "../generate/programmers/shape-functions.js";
import { synchronousCopies } from "../generate/synchronous-copy.js";
import { withSyntaxFactory } from "../generate/factories/syntax-factory.js";
import { typescriptSyntaxFactory } from "../generate/factories/typescript-syntax-factory.js";

// The last stage: in one source file, drop honest's decorators, give each
// controller the synchronous copies of its handlers that never await, follow
// each controller or injectable class with its registration, complete each
// createApp() call, add the imports the generated code uses, and end the
// file with the functions that read query strings, headers and cookies,
// check bodies and write responses.

export interface ProgramIndex {
  readonly controllers: ReadonlyMap<ts.Node, ControllerModel>;
  readonly injectables: ReadonlyMap<ts.Node, InjectableModel>;
  readonly createAppCalls: ReadonlyMap<ts.Node, CreateAppCallModel>;
  readonly decorators: ReadonlySet<ts.Node>;
  readonly shapes: ShapeTable;
  readonly errors: readonly string[];
  /** The OpenAPI document's JSON text, for `createApp()` calls that serve it. */
  readonly openapi: string | undefined;
}

/** Indexes the program model by node, for the per-file rewrite. */
export function indexModel(model: ProgramModel, openapi: string | undefined): ProgramIndex {
  return {
    controllers: new Map(model.controllers.map((controller) => [controller.node, controller])),
    injectables: new Map(model.injectables.map((injectable) => [injectable.node, injectable])),
    createAppCalls: new Map(model.createAppCalls.map((call) => [call.node, call])),
    decorators: new Set(model.decorators),
    shapes: model.shapes,
    errors: model.errors,
    openapi,
  };
}

export function rewriteSourceFile(file: ts.SourceFile, model: ProgramIndex, context: ts.TransformationContext): ts.SourceFile {
  return withSyntaxFactory(typescriptSyntaxFactory, () => rewrite(file, model, context));
}

function rewrite(file: ts.SourceFile, model: ProgramIndex, context: ts.TransformationContext): ts.SourceFile {
  const imports = new ModuleImports();
  const functions = new ShapeFunctions(model.shapes, imports);
  const readers = new InputReaders(imports);
  let changed = false;

  const visit = (node: ts.Node): ts.VisitResult<ts.Node | undefined> => {
    const original = ts.getOriginalNode(node);
    if (model.decorators.has(original)) {
      changed = true;
      return undefined;
    }
    if (ts.isClassDeclaration(node)) {
      const controller = model.controllers.get(original);
      const injectable = model.injectables.get(original);
      if (controller || injectable) {
        changed = true;
        const registrations: ts.Statement[] = [];
        if (injectable) registrations.push(defineInjectionsStatement(injectable, imports));
        if (controller) registrations.push(defineControllerStatement(controller, imports, functions, readers));
        const rewritten = ts.visitEachChild(node, visit, context);
        const copies = controller ? synchronousCopies(controller, rewritten) : [];
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
        return createAppCall(call, args, { errors: model.errors, openapi: call.servesOpenapi ? model.openapi : undefined }, imports);
      }
    }
    return ts.visitEachChild(node, visit, context);
  };

  const statements = [...ts.visitNodes(file.statements, visit, ts.isStatement)];
  if (!changed) return file;
  // Generating the functions may import more of the runtime: build them before the imports.
  statements.push(...readers.declarations(), ...shapeFunctionDeclarations(functions));
  const prologueLength = statements.findIndex((statement) => !isPrologueDirective(statement));
  const split = prologueLength === -1 ? statements.length : prologueLength;
  return ts.factory.updateSourceFile(file, [...statements.slice(0, split), ...imports.declarations(), ...statements.slice(split)]);
}

function isPrologueDirective(statement: ts.Statement): boolean {
  return ts.isExpressionStatement(statement) && ts.isStringLiteral(statement.expression);
}
