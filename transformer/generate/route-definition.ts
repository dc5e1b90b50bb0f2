import ts from "typescript";
import type { RouteModel } from "../model.js";
import { memberAccess } from "./member-access.js";
import type { ModuleImports } from "./module-imports.js";
import { literalChoices, pathValueExpression } from "./path-parser.js";
import { holdsBigInt } from "./shape-facts.js";
import type { ShapeFunctions } from "./shape-functions.js";

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

  const call = f.createAwaitExpression(f.createCallExpression(memberAccess(controller, route.member), undefined, args));
  const result = f.createIdentifier("result");
  const response = route.response;
  const json = () =>
    f.createCallExpression(imports.runtime("sendJsonText"), undefined, [
      c,
      f.createCallExpression(functions.writer(response.kind === "status" ? { kind: "unknown" } : response.shape), undefined, [result]),
    ]);
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
