import type ts from "typescript";
import type { InputParameterModel, RouteModel } from "../model.js";
import type { InputReaders } from "./input-readers.js";
import { array, arrow, awaited, block, bool, call, constant, id, num, prop, ret } from "./factories/nodes.js";
import type { ModuleImports, RuntimeExport } from "./module-imports.js";
import { literalChoices, pathValueExpression } from "./path-parser.js";
import { holdsBigInt } from "./programmers/shape-facts.js";
import type { ShapeFunctions } from "./programmers/shape-functions.js";

// The factory of one route's Hono handler. createApp calls it once, with the
// controller instance, the app's settings, the function the route calls
// (`controllerMethod`, runtime/app/controller-method.ts: the handler held to
// the app's time limit, or, for a handler that never awaits, its synchronous
// copy unless the instance replaced the handler), and `component`, which
// gives the app's instance of a component (the resolvers of `From<R>`
// parameters, taken once, at startup):
//
//   (controller, settings, controllerMethod, component) => {
//     const resolver_0 = component(__honest_import_0.CurrentUser);
//     return async (c) => {
//       const path_0 = __honest.parseI64Param(c.req.param("id"), "id");
//       const from_0 = await resolver_0.resolve(c);
//       const query = __honest.readQuery(c, __honest_query_ArticleFilter);
//       const body = __honest.checkBody(await __honest.readJsonBody(c, settings.bodyLimit), false, __honest_parse_UpdateDto, __honest_report_UpdateDto);
//       return __honest.sendJson(c, await controllerMethod.call(controller, path_0, from_0, body), __honest_write_Item);
//     };
//   }
//
// Without a body to read or a resolver to await, a synchronous route answers
// in the same turn, with no promise at all:
//
//   (controller, settings, controllerMethod) => (c) => {
//     const path_0 = __honest.parseI64Param(c.req.param("id"), "id");
//     return __honest.sendWhenSettled(c, controllerMethod.call(controller, path_0), __honest.sendJson, __honest_write_Item);
//   }
//
// Whatever the declaration order, path values are parsed first (a bad path
// is a 400 whatever else), then resolvers run in parameter order (a refused
// request is a 401 or 403 whatever its body), then the query string, the
// headers and the cookies are read (together, into one 400, where a route
// declares more than one of them:
// `const inputs = __honest.readInputs(c, __honest_query_Filter, __honest_header_0, undefined);`
// `const query = inputs.query;`), then the body (a `Json<T>` or a
// `Form<T>`, `__honest.readForm(c, settings.bodyLimit, __honest_form_Upload)`) is read and checked,
// before the handler is called; arguments are passed in declaration order.

/** The handler's Context parameter, `c`: a new node at each use (nodes come from the factory in use, syntax-factory.ts). */
const c = () => id("c");

/** What the handler computes before the call: statements once per app (`setup`), per request in order, and the call's arguments. */
interface Arguments {
  readonly setup: ts.Statement[];
  /** Path parsing, then resolvers, then query, headers and cookies, then the body: the order README's "Errors" gives the checks. */
  readonly path: ts.Statement[];
  readonly resolvers: ts.Statement[];
  /** The query string, headers and cookies. */
  readonly inputs: ts.Statement[];
  readonly body: ts.Statement[];
  readonly values: ts.Expression[];
}

export function routeHandlerFactory(
  route: RouteModel,
  imports: ModuleImports,
  functions: ShapeFunctions,
  readers: InputReaders,
): ts.ArrowFunction {
  const { setup, path, resolvers, inputs, body, values } = handlerArguments(route, imports, functions, readers);
  const statements = [...path, ...resolvers, ...inputs, ...body, ret(answer(route, values, imports, functions))];
  // Only a route that awaits (a resolver, its body, or a handler that awaits) needs an async function.
  const awaits = resolvers.length > 0 || body.length > 0 || !route.synchronous;
  const handler = arrow(["c"], block(statements), { async: awaits });
  // `component` is declared only where used, so a route without resolvers is printed as before.
  const parameters = ["controller", "settings", "controllerMethod", ...(resolvers.length > 0 ? ["component"] : [])];
  return arrow(parameters, setup.length === 0 ? handler : block([...setup, ret(handler)]));
}

function handlerArguments(route: RouteModel, imports: ModuleImports, functions: ShapeFunctions, readers: InputReaders): Arguments {
  const found: Arguments = { setup: [], path: [], resolvers: [], inputs: [], body: [], values: [] };
  const inputs: Partial<Record<"query" | "header" | "cookie", InputParameterModel>> = {};
  for (const parameter of route.parameters) {
    if (parameter.kind === "path") {
      const names = parameter.values.map((value, index) => {
        let choices: ts.Identifier | undefined;
        if (value.type.kind === "literals") {
          choices = id(`choices_${index}`);
          found.setup.push(constant(choices.text, literalChoices(value.type.values)));
        }
        found.path.push(constant(`path_${index}`, pathValueExpression(value, c(), choices, imports)));
        return id(`path_${index}`);
      });
      found.values.push(parameter.tuple ? array(names) : names[0]!);
    } else if (parameter.kind === "resolver") {
      const index = found.resolvers.length;
      found.setup.push(constant(`resolver_${index}`, call(id("component"), imports.value(parameter.component))));
      found.resolvers.push(constant(`from_${index}`, awaited(call(prop(id(`resolver_${index}`), "resolve"), c()))));
      found.values.push(id(`from_${index}`));
    } else if (parameter.kind === "input") {
      const { source } = parameter;
      if (source === "form") {
        // A form is the request body: read where a JSON body would be.
        found.body.push(constant("form", awaited(readers.readForm(parameter, c(), prop(id("settings"), "bodyLimit")))));
      } else {
        inputs[source] = parameter;
      }
      found.values.push(id(source));
    } else if (parameter.kind === "body") {
      const text = awaited(call(imports.runtime("readJsonBody"), c(), prop(id("settings"), "bodyLimit")));
      const exact = bool(holdsBigInt(parameter.shape, functions.table));
      found.body.push(
        constant(
          "body",
          call(imports.runtime("checkBody"), text, exact, functions.parser(parameter.shape), functions.reporter(parameter.shape)),
        ),
      );
      found.values.push(id("body"));
    } else {
      found.values.push(c());
    }
  }
  const sources = (["query", "header", "cookie"] as const).filter((source) => inputs[source] !== undefined);
  if (sources.length === 1) {
    const source = sources[0]!;
    found.inputs.push(constant(source, readers.read({ ...inputs[source]!, source }, c())));
  } else if (sources.length > 1) {
    // Read together, so that one 400 lists the faults of all of them.
    found.inputs.push(constant("inputs", readers.readTogether(inputs, c())));
    for (const source of sources) found.inputs.push(constant(source, prop(id("inputs"), source)));
  }
  return found;
}

/** The response: the sender for the declared return type, given the writer of its JSON and `S` of `Json<T, S>`, if any. */
function answer(route: RouteModel, values: readonly ts.Expression[], imports: ModuleImports, functions: ShapeFunctions): ts.Expression {
  const { json } = route.response;
  const sender = imports.runtime(senderFor(route.response));
  const writer = json ? [functions.writer(json.shape), ...(json.status === undefined ? [] : [num(json.status)])] : [];
  const result = call(prop(id("controllerMethod"), "call"), id("controller"), ...values);
  // The copy answers in the same turn; a replaced handler answers with a promise.
  if (route.synchronous) return call(imports.runtime("sendWhenSettled"), c(), result, sender, ...writer);
  return call(sender, c(), awaited(result), ...writer);
}

/** The runtime sender for what the handler may return. */
function senderFor({ json, status, response }: RouteModel["response"]): RuntimeExport {
  if (response)
    return json ? (status ? "sendJsonOrStatusOrResponse" : "sendJsonOrResponse") : status ? "sendStatusOrResponse" : "sendResponse";
  return json ? (status ? "sendJsonOrStatus" : "sendJson") : "sendStatus";
}
