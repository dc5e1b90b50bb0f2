import ts from "typescript";
import type { RouteModel } from "../model.js";
import type { ModuleImports } from "./module-imports.js";
import { literalChoices, pathValueExpression } from "./path-parser.js";
import { holdsBigInt } from "./shape-facts.js";
import type { ShapeFunctions } from "./shape-functions.js";
import { synchronousCopyName } from "./synchronous-copy.js";

// One route's entry in a controller definition:
//
//   { method: "PUT", path: "/items/{id}", honoPath: "/items/:id", member: "update", handler: (controller, settings, method) => async (c) => {
//       const path_0 = __honest.parseI64Param(c.req.param("id"), "id");
//       const body = __honest.checkBody(await __honest.readJsonBody(c, settings.bodyLimit), false, __honest_parse_2_UpdateDto, __honest_report_2_UpdateDto);
//       return __honest.sendJson(c, await method.call(controller, path_0, body), __honest_write_0_Item);
//   } }
//
// `method` is what createApp hands over for the route (runtime/app/route-method.ts):
// the handler held to the app's time limit, or, for a handler that never
// awaits, its synchronous copy (synchronous-copy.ts) unless the instance
// replaced the handler. Without a body to read, such a route answers in the
// same turn, with no promise at all:
//
//   { method: "GET", path: "/items/{id}", honoPath: "/items/:id", member: "get", copy: "__honest_sync_get", handler: (controller, settings, method) => (c) => {
//       const path_0 = __honest.parseI64Param(c.req.param("id"), "id");
//       return __honest.answer(c, method.call(controller, path_0), __honest.sendJson, __honest_write_0_Item);
//   } }
//
// The code stays this small on purpose: at thousands of routes, printing the
// generated code is most of what honest adds to a build (BENCHMARKS.md).
// Path values are parsed before the body is read, so a bad path is a 400
// whatever the body; the body is checked before the handler is called, and
// arguments are passed in declaration order.

export function routeDefinition(route: RouteModel, imports: ModuleImports, functions: ShapeFunctions): ts.ObjectLiteralExpression {
  const f = ts.factory;
  const c = f.createIdentifier("c");
  const controller = f.createIdentifier("controller");
  const settings = f.createIdentifier("settings");
  const setup: ts.Statement[] = [];
  const statements: ts.Statement[] = [];
  const args: ts.Expression[] = [];

  const constant = (name: string, initializer: ts.Expression) =>
    f.createVariableStatement(undefined, f.createVariableDeclarationList([f.createVariableDeclaration(name, undefined, undefined, initializer)], ts.NodeFlags.Const));

  for (const parameter of route.parameters) {
    if (parameter.kind === "path") {
      const names = parameter.values.map((value, index) => {
        let choices: ts.Identifier | undefined;
        if (value.type.kind === "literals") {
          choices = f.createIdentifier(`choices_${index}`);
          setup.push(constant(choices.text, literalChoices(value.type.values)));
        }
        statements.push(constant(`path_${index}`, pathValueExpression(value, c, choices, imports)));
        return f.createIdentifier(`path_${index}`);
      });
      args.push(parameter.tuple ? f.createArrayLiteralExpression(names) : names[0]!);
    } else if (parameter.kind === "body") {
      args.push(f.createIdentifier("body"));
    } else {
      args.push(c);
    }
  }
  const body = route.parameters.find((parameter) => parameter.kind === "body");
  if (body) {
    const text = f.createAwaitExpression(f.createCallExpression(imports.runtime("readJsonBody"), undefined, [c, f.createPropertyAccessExpression(settings, "bodyLimit")]));
    const exact = holdsBigInt(body.shape, functions.table) ? f.createTrue() : f.createFalse();
    const check = f.createCallExpression(imports.runtime("checkBody"), undefined, [text, exact, functions.parser(body.shape), functions.reporter(body.shape)]);
    statements.push(constant("body", check));
  }

  // The sender for the declared return type, and the writer it is given (none for a status).
  const sender = imports.runtime(route.response.kind === "json" ? "sendJson" : route.response.kind === "status" ? "sendStatus" : "sendJsonOrStatus");
  const writer = route.response.kind === "status" ? undefined : functions.writer(route.response.shape);
  const method = f.createIdentifier("method");
  const result = f.createCallExpression(f.createPropertyAccessExpression(method, "call"), undefined, [controller, ...args]);
  if (route.synchronous) {
    // The copy answers in the same turn; a replaced handler answers with a promise.
    const answer = f.createCallExpression(imports.runtime("answer"), undefined, writer ? [c, result, sender, writer] : [c, result, sender]);
    statements.push(f.createReturnStatement(answer));
  } else {
    const settled = f.createAwaitExpression(result);
    statements.push(f.createReturnStatement(f.createCallExpression(sender, undefined, writer ? [c, settled, writer] : [c, settled])));
  }

  // Only a route that awaits (its body, or a handler that awaits) needs an async function.
  const awaits = body !== undefined || !route.synchronous;
  const handler = f.createArrowFunction(
    awaits ? [f.createModifier(ts.SyntaxKind.AsyncKeyword)] : undefined,
    undefined,
    [parameter(c)],
    undefined,
    undefined,
    f.createBlock(statements, true),
  );
  const factory = f.createArrowFunction(
    undefined,
    undefined,
    [parameter(controller), parameter(settings), parameter(method)],
    undefined,
    undefined,
    setup.length === 0 ? handler : f.createBlock([...setup, f.createReturnStatement(handler)], true),
  );
  return f.createObjectLiteralExpression(
    [
      f.createPropertyAssignment("method", f.createStringLiteral(route.method)),
      f.createPropertyAssignment("path", f.createStringLiteral(route.path)),
      f.createPropertyAssignment("honoPath", f.createStringLiteral(route.honoPath)),
      f.createPropertyAssignment("member", f.createStringLiteral(route.member)),
      ...(route.synchronous ? [f.createPropertyAssignment("copy", f.createStringLiteral(synchronousCopyName(route.member)))] : []),
      f.createPropertyAssignment("handler", factory),
    ],
    false,
  );
}

function parameter(name: ts.Identifier): ts.ParameterDeclaration {
  return ts.factory.createParameterDeclaration(undefined, undefined, name);
}
