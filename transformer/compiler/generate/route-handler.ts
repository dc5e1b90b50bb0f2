import type ts from "typescript";
import type { PagingKind, PhaseMarks, ReadInputs, Resolver, RouteRateLimit, RouteSettings } from "../../../runtime/internal.js";
import type { DownloadModel, InputParameterModel, RateLimitKeyModel, RouteModel, SseEventModel, StreamModel } from "../model.js";
import type { GenerationContext } from "./generation-context.js";
import { LocalNames } from "./local-names.js";
import { literalChoices, pathValueExpression } from "./path-parser.js";
import { holdsBigInt } from "../shapes/shape-traits.js";
import { routeWriter } from "./programmers/write-programmer.js";
import { type HandlerInput, invoke, member, type RuntimeExport } from "./protocol.js";
import { CONNECTION, socketAnswer } from "./socket-answer.js";

// The factory of one route's Hono handler, a function of the file that the
// route's definition names (route-definition.ts). createApp calls it once, with what
// the route may need (RouteHandlerInputs, runtime/compiled/controller-definition.ts),
// of which it takes only what it uses: the controller instance, the app's
// settings, the function the route calls (`controllerMethod`,
// runtime/app/controller-method.ts: the handler held to the app's time limit,
// or, for a handler that never awaits, its synchronous copy unless the
// instance replaced the handler), and `component`, which gives the app's
// instance of a component (the resolvers of `From<R>` parameters, taken once,
// at startup). The handler is a function named after the controller and the
// method, so that a stack trace names the route; its locals are named after
// the values they hold:
//
//   function __honest_route_ArticleController_update({ controller, settings, controllerMethod, component, trace }) {
//     const currentUserResolver = component(__honest_import_current_user.CurrentUser);
//     return async function ArticleController_update(c) {
//       const id = __honest.parseI64Param(c.req.param("id"), "id");
//       trace?.phase(c, "resolve CurrentUser");
//       const currentUser = await currentUserResolver.resolve(c);
//       trace?.phase(c, "read inputs");
//       const query = __honest.readQuery(c, __honest_query_ArticleFilter);
//       trace?.phase(c, "read body");
//       const text = await __honest.readJsonBody(c, settings.bodyLimit);
//       trace?.phase(c, "check body");
//       const body = __honest.checkBody(text, false, __honest_parse_UpdateDto, __honest_report_UpdateDto);
//       trace?.phase(c, "handler");
//       const result = await controllerMethod.call(controller, id, currentUser, body);
//       trace?.phase(c, "write answer");
//       return __honest.sendJson(c, result, __honest_write_Item);
//     };
//   }
//
// Each `trace?.phase(c, ...)` marks the request's next phase, a span where the
// app traces, and costs one optional call where it does not: createApp gives
// the factory a `trace` only when an OpenTelemetry SDK is registered
// (docs/how-it-works.md, "Phase marks").
//
// Without a body to read or a resolver to await, a synchronous route answers
// in the same turn, with no promise at all:
//
//   function __honest_route_ItemController_get({ controller, controllerMethod, trace }) {
//     return function ItemController_get(c) {
//       const id = __honest.parseI64Param(c.req.param("id"), "id");
//       trace?.phase(c, "handler");
//       const result = controllerMethod.call(controller, id);
//       trace?.phase(c, "write answer");
//       return __honest.sendWhenSettled(c, result, __honest.sendJson, __honest_write_Item);
//     };
//   }
//
// A route that declares `HttpError<S>` among its answers makes its sender once,
// `const send = __honest.orHttpError(__honest.sendJson);`, which answers an HttpError
// the handler returns as one it throws (docs/guide/errors.md, "Errors a route declares").
//
// Whatever the declaration order, path values are parsed first (a bad path
// is a 400 whatever else), then resolvers run in parameter order (a refused
// request is a 401 or 403 whatever its body), then the query string, the
// headers and the cookies are read (together, into one 400, where a route
// declares more than one of them:
// `const inputs = __honest.readInputs(c, __honest_query_Filter, __honest_header_x_request_id, undefined);`
// `const query = inputs.query;`), then the body (a `Json<T>` or a
// `Form<T>`, `__honest.readForm(c, settings.bodyLimit, __honest_form_Upload)`) is read and checked,
// before the handler is called; arguments are passed in declaration order.
//
// A file route (`Promise<Download<Type>>`) hands the result to the download
// sender with the media types it declares, a constant made once:
// `const mediaTypes = ["text/csv"];` ... `return __honest.sendDownload(c, result, mediaTypes);`
// (docs/guide/files.md, "Media types").
//
// A route whose resolver gives validators checks the request's preconditions
// right after its resolvers (`__honest.checkPreconditions(c, itemVersion)`: a
// 304 returned, a 412 thrown), before the query, the body and the handler, and
// sets the validators and Cache-Control on the answer (`__honest.answerHeaders`;
// a write's asked of the resolver again once the handler returned): docs/guide/conditional-requests.md, "What honest answers".
//
// A route with a `@RateLimit` counts the request first, by client address
// (`await rateLimit.take(c);`), or, keyed `by` a resolver, right after the
// resolvers, with the resolver's value (`await rateLimit.take(c, currentUser);`,
// the value the handler's `From<CurrentUser>` takes, or resolved for the
// limit alone): a refused request is a 429 before anything else is read (docs/guide/rate-limits.md, "Rate limits").
//
// A `Paged<T>` route answers through `sendPage`, given the writer of `T[]`,
// how it pages and the query the handler was given, from which its Link
// headers are made: `return __honest.sendPage(c, result, __honest_write_Item_array, "offset", query);`
// (docs/guide/pages.md, "Pages").

/** The handler factory's parameters, in the order it lists those it takes; every input createApp gives, once. */
const INPUT_ORDER: Readonly<Record<HandlerInput, number>> = {
  controller: 0,
  settings: 1,
  controllerMethod: 2,
  component: 3,
  rateLimit: 4,
  trace: 5,
};

/** The handler's Context parameter. */
const CONTEXT = "c";

/** One route's handler factory as it is being written: its locals and the inputs it takes. */
class HandlerWriter {
  readonly locals: LocalNames;
  readonly #used = new Set<HandlerInput>();
  /** Statements run once per app (`setup`), then per request in order, and the call's arguments. */
  readonly setup: ts.Statement[] = [];
  /** A rate limit by client address: counted before anything else. */
  readonly limit: ts.Statement[] = [];
  /** Path parsing, then resolvers, then query, headers and cookies, then the body: the order docs/guide/errors.md's "Errors" gives the checks. */
  readonly path: ts.Statement[] = [];
  readonly resolvers: ts.Statement[] = [];
  /** A resolver whose `resolve` may return a promise is awaited, which makes the handler async; so is a rate limit's count. */
  awaitsResolver = false;
  /** The local holding each resolver class's value, once resolved. */
  readonly resolved = new Map<ts.ClassDeclaration, ts.Identifier>();
  /** The local holding each resolver class's instance, taken at startup, by its class's name. */
  readonly resolverInstances = new Map<string, ts.Identifier>();
  /** The query string, headers and cookies. */
  readonly inputs: ts.Statement[] = [];
  readonly body: ts.Statement[] = [];
  readonly values: ts.Expression[] = [];
  /** The local holding the `Query<T>` the handler is given, which a page's Link headers are made from. */
  query: ts.Identifier | undefined;

  constructor(
    readonly generation: GenerationContext,
    readonly handlerName: string,
  ) {
    this.locals = new LocalNames([...Object.keys(INPUT_ORDER), CONTEXT, CONNECTION, handlerName]);
  }

  /** One of createApp's inputs to the factory, which it then takes. */
  input(name: HandlerInput): ts.Identifier {
    this.#used.add(name);
    return this.generation.nodes.id(name);
  }

  /** The inputs taken, in their order. */
  taken(): HandlerInput[] {
    return [...this.#used].sort((a, b) => INPUT_ORDER[a] - INPUT_ORDER[b]);
  }

  /** The request context, `c`. */
  context(): ts.Identifier {
    return this.generation.nodes.id(CONTEXT);
  }

  /** `trace?.phase(c, "read body");`: the request's next phase, a span where the app traces (runtime/tracing/phase-marks.ts). */
  mark(phase: string): ts.Statement {
    const { nodes } = this.generation;
    return nodes.expression(nodes.optionalCall(this.input("trace"), "phase" satisfies keyof PhaseMarks, this.context(), nodes.str(phase)));
  }

  /** `trace?.lasting(c, "stream")`: a phase that lasts as long as the stream or the socket, ended by the runtime. */
  lasting(phase: string): ts.Expression {
    const { nodes } = this.generation;
    return nodes.optionalCall(this.input("trace"), "lasting" satisfies keyof PhaseMarks, this.context(), nodes.str(phase));
  }
}

/** The name of a route's handler in stack traces: `ItemController_get`. */
function handlerName(className: string, route: RouteModel): string {
  return `${className}_${route.member}`.replace(/[^A-Za-z0-9_$]+/g, "_");
}

/** The factory's name: `__honest_route_ItemController_get`, declared once in the file. */
export function routeHandlerFactoryName(route: RouteModel, className: string): string {
  return `__honest_route_${handlerName(className, route)}`;
}

export function routeHandlerFactory(
  route: RouteModel,
  className: string,
  name: string,
  generation: GenerationContext,
): ts.FunctionDeclaration {
  const { nodes } = generation;
  const writer = new HandlerWriter(generation, handlerName(className, route));
  handlerArguments(route, writer);
  if (route.rateLimit) rateLimitStep(route.rateLimit.by, writer);
  if (route.conditional?.validator) preconditionStep(route, writer);
  const { setup, limit, path, resolvers, inputs, body, values } = writer;
  const statements = [...limit, ...path, ...resolvers, ...inputs, ...body, ...answer(route, values, writer)];
  // Only a route that awaits (a resolver, its body, or a handler that awaits) needs an async function; a socket's handler runs later.
  const awaits = writer.awaitsResolver || body.length > 0 || (!answersInTurn(route) && route.socket === undefined);
  const handler = nodes.functionExpression(writer.handlerName, [CONTEXT], statements, { async: awaits });
  return nodes.functionDeclaration(name, [writer.taken()], [...setup, nodes.ret(handler)]);
}

function handlerArguments(route: RouteModel, writer: HandlerWriter): void {
  const { nodes, readers } = writer.generation;
  const { array, constant, id, awaited } = nodes;
  const sources: Partial<Record<keyof ReadInputs, InputParameterModel>> = {};
  const sourceNames = new Map<keyof ReadInputs, string>();
  for (const parameter of route.parameters) {
    if (parameter.kind === "path") {
      const names = parameter.values.map((value) => {
        let choices: ts.Identifier | undefined;
        if (value.type.kind === "literals") {
          const name = writer.locals.derived(value.name, "choices");
          writer.setup.push(constant(name, literalChoices(nodes, value.type.values)));
          choices = id(name);
        }
        const name = writer.locals.take(value.name);
        writer.path.push(constant(name, pathValueExpression(value, writer.context(), choices, writer.generation)));
        return id(name);
      });
      writer.values.push(parameter.tuple ? array(names) : names[0]!);
    } else if (parameter.kind === "resolver") {
      writer.values.push(resolvedValue(parameter, writer));
      writer.resolved.set(parameter.declaration, writer.values.at(-1) as ts.Identifier);
    } else if (parameter.kind === "input") {
      const { source } = parameter;
      if (source === "form") {
        // A form is the request body: read where a JSON body would be.
        const form = writer.locals.take("form");
        const limit = member<RouteSettings>(nodes, writer.input("settings"), "bodyLimit");
        writer.body.push(writer.mark("read body"), constant(form, awaited(readers.readForm(parameter, writer.context(), limit))));
        writer.values.push(id(form));
      } else {
        sources[source] = parameter;
        if (!sourceNames.has(source)) sourceNames.set(source, writer.locals.take(source));
        writer.values.push(id(sourceNames.get(source)!));
        if (source === "query") writer.query = id(sourceNames.get(source)!);
      }
    } else if (parameter.kind === "body") {
      const limit = member<RouteSettings>(nodes, writer.input("settings"), "bodyLimit");
      const exact = nodes.bool(holdsBigInt(parameter.shape, writer.generation.table));
      const { functions, runtime } = writer.generation;
      const text = writer.locals.take("text");
      const body = writer.locals.take("body");
      const check = nodes.call(
        runtime("checkBody"),
        id(text),
        exact,
        functions.parser(parameter.shape, parameter.alias),
        functions.reporter(parameter.shape, parameter.alias),
      );
      writer.body.push(
        writer.mark("read body"),
        constant(text, awaited(nodes.call(runtime("readJsonBody"), writer.context(), limit))),
        writer.mark("check body"),
        constant(body, check),
      );
      writer.values.push(id(body));
    } else if (parameter.kind === "connection") {
      writer.values.push(id(CONNECTION));
    } else {
      writer.values.push(writer.context());
    }
  }
  readInputs(sources, sourceNames, writer);
}

/**
 * `const currentUser = await currentUserResolver.resolve(c);`, the resolver
 * taken once, at startup; without `await` when `resolve` returns no promise
 * (`__honest.synchronousResolver(component(CurrentUser), CurrentUser)` at
 * startup), so that a route whose resolvers and handler are synchronous
 * answers in the same turn.
 */
function resolvedValue(parameter: Omit<RateLimitKeyModel, "node" | "declaration">, writer: HandlerWriter): ts.Expression {
  const { nodes, imports } = writer.generation;
  const named = parameter.className.charAt(0).toLowerCase() + parameter.className.slice(1);
  const resolver = writer.locals.derived(named, "resolver");
  const value = writer.locals.take(named);
  const component = nodes.call(writer.input("component"), imports.value(parameter.component));
  // A synchronous resolver's replacement (a provider) must be synchronous too: runtime/injection/synchronous-resolver.ts.
  const instance = parameter.synchronous
    ? nodes.call(writer.generation.runtime("synchronousResolver"), component, imports.value(parameter.component))
    : component;
  writer.setup.push(nodes.constant(resolver, instance));
  writer.resolverInstances.set(parameter.className, nodes.id(resolver));
  const resolved = invoke<Resolver>(nodes, nodes.id(resolver), "resolve", writer.context());
  writer.resolvers.push(
    writer.mark(`resolve ${parameter.className}`),
    nodes.constant(value, parameter.synchronous ? resolved : nodes.awaited(resolved)),
  );
  if (!parameter.synchronous) writer.awaitsResolver = true;
  return nodes.id(value);
}

/**
 * `await rateLimit.take(c);` first, for a limit by client address; for one `by` a resolver, after the resolvers, with
 * its value: the handler's own `From<R>`'s when it takes one, else resolved here for the count alone.
 */
function rateLimitStep(by: RateLimitKeyModel | undefined, writer: HandlerWriter): void {
  const { nodes } = writer.generation;
  const limit = writer.input("rateLimit");
  writer.awaitsResolver = true;
  if (!by) {
    writer.limit.push(
      writer.mark("rate limit"),
      nodes.expression(nodes.awaited(invoke<RouteRateLimit>(nodes, limit, "take", writer.context()))),
    );
    return;
  }
  const value = writer.resolved.get(by.declaration) ?? resolvedValue(by, writer);
  writer.resolvers.push(
    writer.mark("rate limit"),
    nodes.expression(nodes.awaited(invoke<RouteRateLimit>(nodes, limit, "take", writer.context(), value))),
  );
}

/** The query string, headers and cookies: one reader, or all read together into one 400. */
function readInputs(
  sources: Partial<Record<keyof ReadInputs, InputParameterModel>>,
  names: ReadonlyMap<keyof ReadInputs, string>,
  writer: HandlerWriter,
): void {
  const { nodes, readers } = writer.generation;
  const declared = (["query", "header", "cookie"] as const).filter((source) => sources[source] !== undefined);
  if (declared.length > 0) writer.inputs.push(writer.mark("read inputs"));
  if (declared.length === 1) {
    const source = declared[0]!;
    writer.inputs.push(nodes.constant(names.get(source)!, readers.read({ ...sources[source]!, source }, writer.context())));
  } else if (declared.length > 1) {
    const inputs = writer.locals.take("inputs");
    writer.inputs.push(nodes.constant(inputs, readers.readTogether(sources, writer.context())));
    for (const source of declared) {
      writer.inputs.push(nodes.constant(names.get(source)!, member<ReadInputs>(nodes, nodes.id(inputs), source)));
    }
  }
}

/**
 * The handler's call and the answer, the phases marked between them (docs/how-it-works.md, "Phase marks"): the
 * sender for the declared return type, given the writer of its JSON and `S` of `Json<T, S>`, if any.
 *
 *   trace?.phase(c, "handler");
 *   const result = await controllerMethod.call(controller, id);
 *   trace?.phase(c, "write answer");
 *   return __honest.sendJson(c, result, __honest_write_Item);
 */
function answer(route: RouteModel, values: readonly ts.Expression[], writer: HandlerWriter): ts.Statement[] {
  const { nodes, runtime } = writer.generation;
  if (route.socket) return [nodes.ret(socketAnswer(route.socket, values, writer, writer.lasting("socket")))];
  const call = nodes.call(nodes.prop(writer.input("controllerMethod"), "call"), writer.input("controller"), ...values);
  const result = writer.locals.take("result");
  const { json, stream, download } = route.response;
  const synchronous = answersInTurn(route);
  // The copy answers in the same turn, and is not awaited; a replaced handler answers with a promise, which sendWhenSettled awaits.
  const called = [writer.mark("handler"), nodes.constant(result, synchronous && !stream ? call : nodes.awaited(call))];
  const headers = answerHeadersStep(route, writer);
  if (stream) return [...called, ...headers, nodes.ret(streamAnswer(stream, nodes.id(result), writer))];
  if (download) {
    const mediaTypes = downloadTypes(download, writer);
    const sent = synchronous
      ? nodes.call(runtime("sendWhenSettled"), writer.context(), nodes.id(result), runtime("sendDownload"), mediaTypes)
      : nodes.call(runtime("sendDownload"), writer.context(), nodes.id(result), mediaTypes);
    return [...called, writer.mark("write answer"), ...headers, nodes.ret(sent)];
  }
  if (route.paging && json && writer.query) {
    // A page: the items as `T[]`, the Link headers made from the query the handler was given (docs/guide/pages.md, "Pages").
    const page = nodes.call(
      runtime("sendPage"),
      writer.context(),
      nodes.id(result),
      routeWriter(json.shape, writer.generation),
      nodes.str(route.paging.kind satisfies PagingKind),
      writer.query,
    );
    return [...called, writer.mark("write answer"), ...headers, nodes.ret(page)];
  }
  // An HttpError the handler returns is answered as one thrown: the sender that sees it is made once, for such a route alone.
  const returnsErrors = route.response.errors?.some((error) => error.body) === true;
  let sender: ts.Expression = runtime(route.conditional?.bodyETag ? "sendTaggedJson" : senderFor(route.response));
  if (returnsErrors) {
    const send = writer.locals.take("send");
    writer.setup.push(nodes.constant(send, nodes.call(runtime("orHttpError"), sender)));
    sender = nodes.id(send);
  }
  const written = json ? [routeWriter(json.shape, writer.generation), ...(json.status === undefined ? [] : [nodes.num(json.status)])] : [];
  const sent = synchronous
    ? nodes.call(runtime("sendWhenSettled"), writer.context(), nodes.id(result), sender, ...written)
    : nodes.call(sender, writer.context(), nodes.id(result), ...written);
  return [...called, writer.mark("write answer"), ...headers, nodes.ret(sent)];
}

/** Whether the route answers in the handler's turn: a write's validators are asked again once its handler settled. */
function answersInTurn(route: RouteModel): boolean {
  return route.synchronous && !(route.conditional?.validator && route.method !== "GET");
}

/**
 * Right after the resolvers (and a rate limit by one), before the query, the body or the handler: the
 * preconditions against the validators the route's resolver gave (docs/guide/conditional-requests.md, "What honest answers"),
 * a 304 returned, a 412 thrown:
 *
 *   const notModified = __honest.checkPreconditions(c, itemVersion, "private, max-age=60");
 *   if (notModified !== undefined) return notModified;
 */
function preconditionStep(route: RouteModel, writer: HandlerWriter): void {
  const { nodes, runtime } = writer.generation;
  const { validator, cacheControl } = route.conditional!;
  const value = writer.resolved.get(validator!.declaration)!;
  const notModified = writer.locals.take("notModified");
  const check = nodes.call(
    runtime("checkPreconditions"),
    writer.context(),
    value,
    ...(cacheControl === undefined ? [] : [nodes.str(cacheControl)]),
  );
  writer.resolvers.push(
    writer.mark("preconditions"),
    nodes.constant(notModified, check),
    nodes.when(nodes.ne(nodes.id(notModified), nodes.undef()), nodes.ret(nodes.id(notModified))),
  );
}

/**
 * The validators and Cache-Control on the answer, once the handler returned: a GET's as its resolver gave them, a
 * write's asked again, so that they describe what the write left (`await itemVersionResolver.resolve(c)`):
 *
 *   __honest.answerHeaders(c, itemVersion, "private, max-age=60");
 */
function answerHeadersStep(route: RouteModel, writer: HandlerWriter): ts.Statement[] {
  const { nodes, runtime } = writer.generation;
  const { validator, cacheControl } = route.conditional ?? {};
  if (!validator && cacheControl === undefined) return [];
  let value: ts.Expression = nodes.undef();
  if (validator && route.method === "GET") value = writer.resolved.get(validator.declaration)!;
  else if (validator) {
    const asked = invoke<Resolver>(nodes, writer.resolverInstances.get(validator.className)!, "resolve", writer.context());
    value = validator.synchronous ? asked : nodes.awaited(asked);
  }
  const directives = cacheControl === undefined ? [] : [nodes.str(cacheControl)];
  return [nodes.expression(nodes.call(runtime("answerHeaders"), writer.context(), value, ...directives))];
}

/**
 * A stream's answer, from the iterable the handler returned (awaited, for a
 * `Promise<Sse<T>>`; an async generator's is not a promise, and awaiting it
 * changes nothing), its items' JSON written by the writer of `T`, with the
 * app's settings (its heartbeat, and its open streams, which shutdown ends),
 * and, where the app traces, the phase that lasts as long as the stream:
 *
 *   return __honest.sendSse(c, result, __honest_write_Tick, settings, trace?.lasting(c, "stream"));
 */
function streamAnswer(stream: StreamModel, result: ts.Expression, writer: HandlerWriter): ts.Expression {
  const { nodes, runtime } = writer.generation;
  const settings = writer.input("settings");
  // Asking for a writer declares it: the item's writer only where no writer by event name replaces it.
  const byName = stream.format === "sse" && stream.events ? eventWriters(stream.events, writer) : undefined;
  const write = byName ?? routeWriter(stream.item, writer.generation);
  const life = writer.lasting("stream");
  if (stream.format === "ndjson") return nodes.call(runtime("sendNdjson"), writer.context(), result, write, settings, life);
  if (!stream.events) return nodes.call(runtime("sendSse"), writer.context(), result, write, settings, life);
  return nodes.call(runtime("sendSseEvents"), writer.context(), result, write, settings, life);
}

/**
 * The media types a `Download<Type>` declares, made once: `const mediaTypes = ["text/csv"];`, which the sender
 * checks the answer's against (docs/guide/files.md, "Media types").
 */
function downloadTypes(download: DownloadModel, writer: HandlerWriter): ts.Expression {
  const { nodes } = writer.generation;
  const name = writer.locals.take("mediaTypes");
  writer.setup.push(nodes.constant(name, nodes.array(download.mediaTypes.map((type) => nodes.str(type)))));
  return nodes.id(name);
}

/**
 * Events whose name says the type of their data (`SseEvent<Tick, "tick"> |
 * SseEvent<Bye, "bye">`) have each name's data written by its own writer, from
 * a Map made once: `const eventWriters = new Map([["tick", __honest_write_Tick], ["bye", __honest_write_Bye]]);`.
 * Undefined where one writer serves every event: one data type, or a name that may be any string.
 */
function eventWriters(events: readonly SseEventModel[], writer: HandlerWriter): ts.Expression | undefined {
  const { nodes } = writer.generation;
  const dataTypes = new Set(events.map((event) => JSON.stringify(event.data)));
  if (dataTypes.size === 1 || events.some((event) => event.names === undefined)) return undefined;
  const entries = events.flatMap((event) =>
    event.names!.map((name) => nodes.array([nodes.str(name), routeWriter(event.data, writer.generation)])),
  );
  const name = writer.locals.take("eventWriters");
  writer.setup.push(nodes.constant(name, nodes.construct(nodes.id("Map"), nodes.array(entries))));
  return nodes.id(name);
}

/** The runtime sender for what the handler may return. */
function senderFor({ json, status, response }: RouteModel["response"]): RuntimeExport {
  if (response)
    return json ? (status ? "sendJsonOrStatusOrResponse" : "sendJsonOrResponse") : status ? "sendStatusOrResponse" : "sendResponse";
  return json ? (status ? "sendJsonOrStatus" : "sendJson") : "sendStatus";
}
