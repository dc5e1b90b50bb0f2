import ts from "typescript";
import type { ResponseModel, RouteModel } from "../model.js";
import { memberAccess } from "./member-access.js";
import type { ModuleImports } from "./module-imports.js";
import { literalChoices, pathValueExpression } from "./path-parser.js";
import { holdsBigInt } from "./shape-facts.js";
import type { ShapeFunctions } from "./shape-functions.js";
import { synchronousCopyName } from "./synchronous-copy.js";

// One route's entry in a controller definition:
//
//   { method: "PUT", path: "/items/{id}", honoPath: "/items/:id", member: "update",
//     handler: (controller, settings) => async (c) => {
//       const path_0 = __honest.parseI64Param(c.req.param("id"), "id");
//       const body = __honest.checkBody(await __honest.readJsonBody(c, settings.bodyLimit), false, __honest_parse_2_UpdateDto, __honest_report_2_UpdateDto);
//       const result = await controller.update(path_0, body);
//       return __honest.sendJsonText(c, __honest_write_0_Item(result));
//     } }
//
// A handler that never awaits is called through its synchronous copy
// (synchronous-copy.ts), which createApp hands over as `method` unless the
// instance replaced the handler (runtime/route-method.ts). Without a body to
// read, the route then answers in the same turn, with no promise at all:
//
//     copy: "__honest_sync_get",
//     handler: (controller, settings, method) => {
//       const respond = (c, result) => __honest.sendJsonText(c, __honest_write_0_Item(result));
//       return (c) => {
//         const path_0 = __honest.parseI64Param(c.req.param("id"), "id");
//         const result = method.call(controller, path_0);
//         return result instanceof Promise ? result.then((result) => respond(c, result)) : respond(c, result);
//       };
//     }
//
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

  const result = f.createIdentifier("result");
  const respond = responseExpression(route.response, c, result, imports, functions);
  const method = f.createIdentifier("method");
  if (route.synchronous) {
    // `method` is the copy, which answers in the same turn, or a replaced handler, which answers with a promise.
    setup.push(constant("respond", f.createArrowFunction(undefined, undefined, [parameter(c), parameter(result)], undefined, undefined, respond)));
    const respondTo = (value: ts.Expression) => f.createCallExpression(f.createIdentifier("respond"), undefined, [c, value]);
    statements.push(constant("result", f.createCallExpression(f.createPropertyAccessExpression(method, "call"), undefined, [controller, ...args])));
    const later = f.createCallExpression(f.createPropertyAccessExpression(result, "then"), undefined, [
      f.createArrowFunction(undefined, undefined, [parameter(result)], undefined, undefined, respondTo(result)),
    ]);
    const isPromise = f.createBinaryExpression(result, ts.SyntaxKind.InstanceOfKeyword, f.createIdentifier("Promise"));
    statements.push(f.createReturnStatement(f.createConditionalExpression(isPromise, undefined, later, undefined, respondTo(result))));
  } else {
    statements.push(constant("result", f.createAwaitExpression(f.createCallExpression(memberAccess(controller, route.member), undefined, args))));
    statements.push(f.createReturnStatement(respond));
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
    route.synchronous ? [parameter(controller), parameter(settings), parameter(method)] : [parameter(controller), parameter(settings)],
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
    true,
  );
}

/** What answers the handler's `result`: its JSON text with 200, or its status. */
function responseExpression(response: ResponseModel, c: ts.Identifier, result: ts.Identifier, imports: ModuleImports, functions: ShapeFunctions): ts.Expression {
  const f = ts.factory;
  const json = () =>
    f.createCallExpression(imports.runtime("sendJsonText"), undefined, [
      c,
      f.createCallExpression(functions.writer(response.kind === "status" ? { kind: "unknown" } : response.shape), undefined, [result]),
    ]);
  const status = () => f.createCallExpression(imports.runtime("sendStatus"), undefined, [c, result]);
  if (response.kind === "json") return json();
  if (response.kind === "status") return status();
  const isStatus = f.createStrictEquality(f.createTypeOfExpression(result), f.createStringLiteral("number"));
  return f.createConditionalExpression(isStatus, undefined, status(), undefined, json());
}

function parameter(name: ts.Identifier): ts.ParameterDeclaration {
  return ts.factory.createParameterDeclaration(undefined, undefined, name);
}
