import type ts from "typescript";
import type { RouteModel } from "../model.js";
import { array, arrow, awaited, block, bool, call, constant, id, prop, ret } from "./factories/nodes.js";
import type { ModuleImports } from "./module-imports.js";
import { literalChoices, pathValueExpression } from "./path-parser.js";
import { holdsBigInt } from "./programmers/shape-facts.js";
import type { ShapeFunctions } from "./programmers/shape-functions.js";

// The factory of one route's Hono handler. createApp calls it once, with the
// controller instance, the app's settings, and the function the route calls
// (`controllerMethod`, runtime/app/controller-method.ts: the handler held to
// the app's time limit, or, for a handler that never awaits, its synchronous
// copy unless the instance replaced the handler):
//
//   (controller, settings, controllerMethod) => async (c) => {
//     const path_0 = __honest.parseI64Param(c.req.param("id"), "id");
//     const body = __honest.checkBody(await __honest.readJsonBody(c, settings.bodyLimit), false, __honest_parse_UpdateDto, __honest_report_UpdateDto);
//     return __honest.sendJson(c, await controllerMethod.call(controller, path_0, body), __honest_write_Item);
//   }
//
// Without a body to read, a synchronous route answers in the same turn, with
// no promise at all:
//
//   (controller, settings, controllerMethod) => (c) => {
//     const path_0 = __honest.parseI64Param(c.req.param("id"), "id");
//     return __honest.sendWhenSettled(c, controllerMethod.call(controller, path_0), __honest.sendJson, __honest_write_Item);
//   }
//
// Path values are parsed before the body is read, so a bad path is a 400
// whatever the body; the body is checked before the handler is called, and
// arguments are passed in declaration order.

const c = id("c");

/** What the handler computes before the call: statements once per app (`setup`), per request, and the call's arguments. */
interface Arguments {
  readonly setup: ts.Statement[];
  readonly statements: ts.Statement[];
  readonly values: ts.Expression[];
}

export function routeHandlerFactory(route: RouteModel, imports: ModuleImports, functions: ShapeFunctions): ts.ArrowFunction {
  const { setup, statements, values } = handlerArguments(route, imports, functions);
  statements.push(ret(answer(route, values, imports, functions)));
  // Only a route that awaits (its body, or a handler that awaits) needs an async function.
  const awaits = route.parameters.some((parameter) => parameter.kind === "body") || !route.synchronous;
  const handler = arrow(["c"], block(statements), { async: awaits });
  return arrow(["controller", "settings", "controllerMethod"], setup.length === 0 ? handler : block([...setup, ret(handler)]));
}

function handlerArguments(route: RouteModel, imports: ModuleImports, functions: ShapeFunctions): Arguments {
  const found: Arguments = { setup: [], statements: [], values: [] };
  for (const parameter of route.parameters) {
    if (parameter.kind === "path") {
      const names = parameter.values.map((value, index) => {
        let choices: ts.Identifier | undefined;
        if (value.type.kind === "literals") {
          choices = id(`choices_${index}`);
          found.setup.push(constant(choices.text, literalChoices(value.type.values)));
        }
        found.statements.push(constant(`path_${index}`, pathValueExpression(value, c, choices, imports)));
        return id(`path_${index}`);
      });
      found.values.push(parameter.tuple ? array(names) : names[0]!);
    } else if (parameter.kind === "body") {
      const text = awaited(call(imports.runtime("readJsonBody"), c, prop(id("settings"), "bodyLimit")));
      const exact = bool(holdsBigInt(parameter.shape, functions.table));
      found.statements.push(
        constant(
          "body",
          call(imports.runtime("checkBody"), text, exact, functions.parser(parameter.shape), functions.reporter(parameter.shape)),
        ),
      );
      found.values.push(id("body"));
    } else {
      found.values.push(c);
    }
  }
  return found;
}

/** The response: the sender for the declared return type, given the writer of its JSON (none for a status). */
function answer(route: RouteModel, values: readonly ts.Expression[], imports: ModuleImports, functions: ShapeFunctions): ts.Expression {
  const { response } = route;
  const sender = imports.runtime(response.kind === "json" ? "sendJson" : response.kind === "status" ? "sendStatus" : "sendJsonOrStatus");
  const writer = response.kind === "status" ? [] : [functions.writer(response.shape)];
  const result = call(prop(id("controllerMethod"), "call"), id("controller"), ...values);
  // The copy answers in the same turn; a replaced handler answers with a promise.
  if (route.synchronous) return call(imports.runtime("sendWhenSettled"), c, result, sender, ...writer);
  return call(sender, c, awaited(result), ...writer);
}
