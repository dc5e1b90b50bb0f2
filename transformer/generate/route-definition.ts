import ts from "typescript";
import type { RouteModel } from "../model.js";
import { memberAccess } from "./member-access.js";
import type { ModuleImports } from "./module-imports.js";
import { literalChoices, pathValueExpression } from "./path-parser.js";

// One route's entry in a controller definition:
//
//   { method: "PUT", path: "/items/{id}", honoPath: "/items/:id", member: "update",
//     handler: (controller, settings) => async (c) => {
//       const id = __honest.parseI64Param(c.req.param("id"), "id");
//       const body = await __honest.readJsonBody(c, settings.bodyLimit);
//       return __honest.sendJsonWithBigInt(c, await controller.update(id, body));
//     } }
//
// Path values are parsed before the body is read, so a bad path is a 400
// whatever the body; arguments are then passed in declaration order.

export function routeDefinition(route: RouteModel, imports: ModuleImports): ts.ObjectLiteralExpression {
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
  if (route.parameters.some((parameter) => parameter.kind === "body")) {
    const read = f.createCallExpression(imports.runtime("readJsonBody"), undefined, [c, f.createPropertyAccessExpression(settings, "bodyLimit")]);
    statements.push(constant("body", f.createAwaitExpression(read)));
  }

  const call = f.createAwaitExpression(f.createCallExpression(memberAccess(controller, route.member), undefined, args));
  const result = f.createIdentifier("result");
  const json = () => f.createCallExpression(imports.runtime(route.response.kind !== "status" && route.response.mayHoldBigInt ? "sendJsonWithBigInt" : "sendJson"), undefined, [c, result]);
  const status = () => f.createCallExpression(imports.runtime("sendStatus"), undefined, [c, result]);
  statements.push(constant("result", call));
  if (route.response.kind === "json") statements.push(f.createReturnStatement(json()));
  else if (route.response.kind === "status") statements.push(f.createReturnStatement(status()));
  else {
    const isStatus = f.createStrictEquality(f.createTypeOfExpression(result), f.createStringLiteral("number"));
    statements.push(f.createReturnStatement(f.createConditionalExpression(isStatus, undefined, status(), undefined, json())));
  }

  const handler = f.createArrowFunction(
    [f.createModifier(ts.SyntaxKind.AsyncKeyword)],
    undefined,
    [f.createParameterDeclaration(undefined, undefined, c)],
    undefined,
    undefined,
    f.createBlock(statements, true),
  );
  const factory = f.createArrowFunction(
    undefined,
    undefined,
    [f.createParameterDeclaration(undefined, undefined, controller), f.createParameterDeclaration(undefined, undefined, settings)],
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
      f.createPropertyAssignment("handler", factory),
    ],
    true,
  );
}
