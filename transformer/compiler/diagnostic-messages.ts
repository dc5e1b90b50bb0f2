import { HonestCode, type HonestMessage } from "./diagnostics.js";
import type { HttpMethod, JsonShape, ReadSource } from "./model.js";
import { type Change, type DocumentSide, type JsonPath, MAX_SCHEMA_DEPTH, type Subject } from "./document-changes.js";
import { shownJson } from "./text/shown-json.js";

// Every text honest's diagnostics say, one entry per code (HonestCode's
// names), so that they read as one voice and docs/reference/diagnostics.md's "Compile-time
// diagnostics" can be checked against them (test/repository). An entry is a
// function of the message's parts, or, for a code with several messages, an
// object of them; each gives the code with the text:
//
//   sink.error(node, onRoute(label, messages.HandlerNotAsyncMethod.notAsync({ member: "list" })));
//
// Some entries are reasons rather than whole messages: `has MinLength<1>, a
// constraint for strings, on a number; ...`, which a frame below completes
// with where it is (a route, a property of Json<T> or of Query<T>), keeping
// the reason's code.

/** The marker of a field the injector fills: `Inject<T>`, or `Current<T>` (docs/guide/request-scope.md, "Work that lives for one request"). */
type FieldMarker = "Inject" | "Current";

/** How messages name a route: `GET /items/{id} (ItemController.get)`. */
export function routeLabel({ method, path, handler }: { method: HttpMethod | "WS"; path: string; handler: string }): string {
  return `${method} ${path} (${handler})`;
}

/** The label of a controller's route, as routeLabel writes it. */
export function controllerRouteLabel(
  controller: { readonly className: string },
  route: { readonly method: HttpMethod; readonly path: string; readonly member: string; readonly socket?: unknown },
): string {
  const method = route.socket === undefined ? route.method : "WS";
  return routeLabel({ method, path: route.path, handler: `${controller.className}.${route.member}` });
}

/** A message about a route's handler, its parameters or its return type, after the route's label. */
export function onRoute(label: string, message: HonestMessage): HonestMessage {
  return { code: message.code, text: `${label}: ${message.text}` };
}

/** A reason a `Json<T>` cannot be a body or a response, at a property path of `T` (`.items[].createdAt`). */
export function inJsonType(
  {
    label,
    written,
    role,
    path,
  }: { label: string; written: string; role: "body" | "response" | "Sse" | "Ndjson" | "received" | "sent" | "topic"; path: string },
  reason: HonestMessage,
): HonestMessage {
  if (role === "received" || role === "sent") return inMessageType({ label, written, role, path }, reason);
  if (role === "topic")
    return { code: reason.code, text: `${label}: Topic<${written}> cannot carry its messages: $${path} ${reason.text}.` };
  const what = role === "body" ? "cannot be a request body" : role === "response" ? "cannot be sent as a response" : "cannot be streamed";
  const marker = role === "Sse" || role === "Ndjson" ? role : "Json";
  return { code: reason.code, text: `${label}: ${marker}<${written}> ${what}: $${path} ${reason.text}.` };
}

/** A reason the `In` or `Out` of a socket route's `Connection<In, Out>` cannot be a message, at a property path of it. */
function inMessageType(
  { label, written, role, path }: { label: string; written: string; role: "received" | "sent"; path: string },
  reason: HonestMessage,
): HonestMessage {
  const what = role === "received" ? "cannot be a message the socket receives" : "cannot be a message the socket sends";
  return { code: reason.code, text: `${label}: ${written} ${what}: $${path} ${reason.text}.` };
}

/** A reason a property of `Query<T>`, `Header<T>`, `Cookie<T>` or `Form<T>` cannot be read. */
export function onInputProperty({ written, name }: { written: string; name: string }, reason: HonestMessage): HonestMessage {
  return { code: reason.code, text: `${written}: property '${name}' ${reason.text}.` };
}

/** A dependency finding that is a warning, since the app's providers are not all known at compile time. */
export function withProvidersUnseen(message: HonestMessage): HonestMessage {
  return {
    code: message.code,
    text: `${message.text} (a warning, since some createApp() call's providers cannot be read at compile time)`,
  };
}

/** Why generated code cannot reach a class named in `Inject<T>` or `From<R>` from the file that names it. */
export interface UnreachableClass {
  /** `import-form`: imported in a form honest cannot import again (`import Store = require("./store")`). */
  readonly kind: "unknown" | "not-a-class" | "ambient" | "import-form" | "not-imported";
  /** The name as written, or for `import-form` its local binding. */
  readonly name: string;
}

/** What in a Pattern's expression backtracks (scslre's report), on a run of `run`. */
export type BacktrackingCause =
  | { readonly kind: "nested"; readonly quantifier: string; readonly outer: string; readonly run: string }
  | { readonly kind: "overlapping"; readonly first: string; readonly second: string; readonly run: string }
  | { readonly kind: "unanchored"; readonly quantifier: string; readonly run: string };

type ConstraintTarget = "string" | "number" | "array" | "object";

const texts = {
  RouteOutsideController: ({ className, member }: { className: string | undefined; member: string }) =>
    `${className ?? "This class"}.${member} has a route decorator, but ${className ?? "the class"} is not a controller; ` +
    `add @Controller() to the class.`,

  SeveralRouteDecorators: ({ handler, count }: { handler: string; count: number }) =>
    `${handler} has ${count} route decorators; a handler serves exactly one route, ` +
    `so keep one and move the others to methods of their own.`,

  PathNotStringLiteral: ({ handler, decorator }: { handler: string; decorator: string }) =>
    `${handler}: the route path must be one string literal, as in @${decorator}("/items/{id}").`,

  MalformedPath: {
    noLeadingSlash: ({ path }: { path: string }) => `the path '${path}' must start with '/'.`,
    emptySegment: ({ path }: { path: string }) => `the path '${path}' has an empty segment ('//' or a trailing '/'); remove it.`,
    malformedSegment: ({ path, segment }: { path: string; segment: string }) =>
      `the path '${path}' has a malformed segment '${segment}': ` +
      `a placeholder is a whole segment '{name}' whose name is a letter or '_' followed by letters, digits or '_', ` +
      `and other segments may not contain '{', '}', ':', '*' or '?'.`,
    repeatedPlaceholder: ({ path, name }: { path: string; name: string }) => `the path '${path}' names the placeholder '{${name}}' twice.`,
    prefix: ({ className, prefix }: { className: string; prefix: string }) =>
      `${className}: the prefix '${prefix}' must start with '/' and contain no placeholders, as in "/api".`,
  },

  ControllerOptions: {
    unnamed: () => "A @Controller class needs a name; it is printed in the route table and used to mount it.",
    options: ({ className }: { className: string }) =>
      `${className}: write @Controller(), or @Controller({ prefix: "/path", version: "2" }) with either or both, each a string literal.`,
  },

  HandlerNotAsyncMethod: {
    notAMethod: () => "a route decorator belongs on an instance method with a plain name.",
    notAsync: ({ member }: { member: string }) => `a handler must be an async method; add 'async' before '${member}'.`,
  },

  ReturnType: {
    noAnnotation: () => `the handler has no return type annotation; ${RETURN_TYPES}.`,
    notAPromise: () => `the handler must be async and return a Promise; ${RETURN_TYPES}.`,
    cannotSend: ({ type }: { type: string }) => `the handler returns '${type}', which honest cannot send; ${RETURN_TYPES}.`,
    statusCall: ({ call }: { call: string }) =>
      `the handler calls ${call}, but its return type decides the status, so the call would be ignored; ` +
      `declare the status in the return type instead, as Promise<Json<T, 201>>, or return a StatusCode.`,
    numberOrStatus: ({ type }: { type: string }) =>
      `the handler returns Json<${type}> | StatusCode, but a number could be either; wrap the number in an object.`,
    exactStatus: ({ status }: { status: string }) =>
      `the handler declares the status ${status}, but a status it returns must be a whole number from 200 to 599, as in Promise<204>.`,
    generator: () =>
      "the handler is a generator, so it streams what it yields; say how: declare async *method(): Sse<T> for server-sent " +
      "events or Ndjson<T> for newline-delimited JSON, T the type of each item, as in async *ticks(): Sse<Tick>.",
    streamInUnion: ({ type }: { type: string }) =>
      `the handler returns ${type} among other answers, but a stream is the whole answer: declare it alone, as ${type} or ` +
      `Promise<${type}>, and refuse a request before the stream starts by throwing HttpError from the method that returns it.`,
    sseEventsMixed: ({ written }: { written: string }) =>
      `Sse<${written}> mixes SseEvent items with others; make every item an SseEvent<Data, Name>, or none of them.`,
    sseEventInNdjson: ({ written }: { written: string }) =>
      `Ndjson<${written}> streams SseEvent items, which only Sse<T> sends as events; stream their data as Ndjson<Data>, ` +
      `or send events with Sse<${written}>.`,
    statusWithoutBody: ({ status }: { status: string }) =>
      `the handler declares Json<T, ${status}>, ` +
      `but the status of a JSON answer must be one number from 200 to 599 that allows a body (not 204, 205 or 304), as in Json<T, 201>.`,
  },

  UnsupportedParameter: {
    rest: ({ name }: { name: string }) =>
      `parameter '${name}' is a rest parameter; honest supplies Path<T>, Json<T>, Form<T>, Query<T>, Header<T>, Cookie<T>, ` +
      `From<R> and Context parameters only.`,
    stream: ({ name, type }: { name: string; type: string }) =>
      `parameter '${name}' is typed ${type}, which says how a handler's answer streams; declare it as the return type ` +
      `instead, as in async *ticks(): Sse<Tick>.`,
    severalPaths: () => "a handler takes at most one Path<T> parameter; for several placeholders use one tuple, Path<[A, B]>.",
    severalJsonBodies: () => "a handler takes at most one Json<T> parameter (the request body).",
    /** `type` as written, undefined without an annotation; a destructured `name` gives the example key `limit`. */
    unknown: ({ name, type }: { name: string; type: string | undefined }) =>
      `honest cannot supply parameter '${name}'${type ? ` of type '${type}'` : " (it has no type annotation)"}; ` +
      `type it Path<T> for path placeholders, Query<T>, Header<T> or Cookie<T> for query keys, ` +
      `headers or cookies (such as Query<{ ${name.startsWith("{") || name.startsWith("[") ? "limit" : name}: ${type ?? "string"} }>), ` +
      `Json<T> for the request body, or Context (from hono) for anything else.`,
  },

  PlaceholderMismatch: {
    notTypedPath: ({ name, type }: { name: string; type: string | undefined }) =>
      `parameter '${name}' is not typed Path<T>, so it cannot receive {${name}}; write '${name}: Path<${type ?? "string"}>'.`,
    noPathParameter: ({ placeholders }: { placeholders: readonly string[] }) =>
      `the path has ${braced(placeholders)} but the handler has no Path parameter; ` +
      `add one, such as '${pathParameterFor(placeholders)}'.`,
    noPlaceholder: () => "the handler has a Path parameter but the path has no {placeholder}; add one to the path or remove the parameter.",
    notATuple: ({ placeholders }: { placeholders: readonly string[] }) =>
      `the path has ${placeholders.length} placeholders (${braced(placeholders)}); ` +
      `type the parameter as a tuple in that order, Path<[${placeholders.map(() => "T").join(", ")}]>.`,
    tupleLength: ({ written, elements, placeholders }: { written: string; elements: number; placeholders: readonly string[] }) =>
      `Path<${written}> has ${elements} element(s) but the path has ${placeholders.length} placeholder(s) (${braced(placeholders)}); ` +
      `give one tuple element per placeholder, in order.`,
  },

  UnsupportedPathType: ({ placeholder, type }: { placeholder: string; type: string }) =>
    `path parameter {${placeholder}} cannot be of type '${type}'; ` +
    `use i64, bigint, number, string, boolean, Date, or a union of string or number literals.`,

  InjectNotClass: {
    /** `field` is `Class.field`; `marker` is `Current` for a `Current<T>` field. */
    notAnInstanceField: ({ field, marker = "Inject" }: { field: string; marker?: FieldMarker }) =>
      `${field}: an ${marker}<T> field must be an instance field with a plain name.`,
    notAClassName: ({ field, marker = "Inject" }: { field: string; marker?: FieldMarker }) =>
      `${field}: ${marker}<T> needs a class name for T, as in ${marker}<${marker === "Inject" ? "ItemStore" : "UnitOfWork"}>.`,
    unreachable: ({ field, why, marker = "Inject" }: { field: string; why: UnreachableClass; marker?: FieldMarker }) =>
      `${field}: ${marker}<T> needs a class for T: ${unreachable(why)}. Make it a class with a constructor that takes no arguments.`,
  },

  ControllerNotExported: {
    /** `createAppFile` relative to the controller's folder. */
    forCreateApp: ({ className, createAppFile }: { className: string; createAppFile: string }) =>
      `${className} must be exported: createApp() in ${createAppFile} mounts every controller, and imports it to do so.`,
    forGeneratedModule: (parts: { className: string; module: string }) => mustBeExportedForModule(parts),
  },

  DuplicateRoute: ({ route, earlier }: { route: string; earlier: string }) =>
    `${route} has the same method and path shape as ${earlier}; only one handler can serve it, so change or remove one.`,

  /** Reasons, completed by inJsonType. */
  UnsupportedJsonType: {
    canBeUndefined: () => "can be undefined, which JSON cannot carry; use null, or make the property optional",
    bigintLiteral: ({ type }: { type: string }) => `is the bigint literal ${type}; declare it as i64`,
    symbol: () => "is a symbol, which cannot travel as JSON",
    never: () => "is never, so no JSON value could match it",
    typeParameter: ({ type }: { type: string }) =>
      `is the type parameter ${type}, which honest cannot check at run time; use a concrete type, such as Page<Item>`,
    templateType: ({ type }: { type: string }) => `is the template type ${type}, which honest cannot check; declare it as string`,
    object: () => "is object, which says nothing about its properties; declare an interface, or use Record<string, unknown>",
    otherType: ({ type }: { type: string }) => `has the type ${type}, which honest cannot check as JSON`,
    restBeforeEnd: () => "is a rest element before the end of the tuple; honest checks a rest element only at the end, as in [A, ...B[]]",
    function: ({ type }: { type: string }) => `is a function (${type}), which cannot travel as JSON`,
    dateOrString: () =>
      "is a union of Date and string, which JSON writes alike (a Date as its RFC 3339 text), so a text read could be either; " +
      "declare one of them, or put them in objects told apart by a property",
    /** `name` is a class or interface of the standard library other than Date: `Map`, `Set`. */
    standardLibrary: ({ name }: { name: string }) =>
      `is a ${name}, which JSON cannot carry; ${STANDARD_LIBRARY_HINTS[name] ?? "use an interface of JSON values instead"}`,
    indexSignature: ({ key }: { key: string }) => `has an index signature keyed by ${key}; JSON keys are strings, so use Record<string, T>`,
    numberIndexSignature: () => "has a number index signature; JSON keys are strings, so use Record<string, T> or an array",
    methodInBody: () =>
      "is a method; a request body is plain JSON data, so the handler would receive an object without it. " +
      "Use an interface or a type alias for the body",
    droppedKeyInBody: () => "is a key honest always drops from request bodies, so it could never arrive; rename the property",
  },

  BodyOnBodilessMethod: ({ method }: { method: HttpMethod }) =>
    `a ${method} request has no body by convention, and many clients and proxies drop one; ` +
    `take the input from the path (Path<T>) or the query string (Query<T>), or make the route a POST.`,

  /** `chain`: the steps from a controller, `Chicken.egg`, `AccountController.me(user)`. */
  /** `perRequest`: every class of the cycle is a @PerRequest() component, built together for one request. */
  DependencyCycle: ({ chain, target, perRequest = false }: { chain: readonly string[]; target: string; perRequest?: boolean }) =>
    perRequest
      ? `dependency cycle among per-request components: ${chain.join(" → ")} → ${target}; each is built for the request with its Inject<T> ` +
        "fields filled first, so none can be; make one of these fields a Current<T>, which reads this request's instance when it is used"
      : `dependency cycle: ${chain.join(" → ")} → ${target}; break it, or provide one of these components with createApp({ providers })`,

  UnbuildableComponent: ({
    component,
    parameters,
    chain,
  }: {
    component: string;
    parameters: readonly string[];
    chain: readonly string[];
  }) =>
    `${component} cannot be built with new ${component}() ` +
    `(its constructor declares ${parameters.length} parameter${parameters.length === 1 ? "" : "s"}: ${parameters.join(", ")}), ` +
    `needed by ${chain.join(" → ")}; ` +
    `declare its dependencies as Inject<T> fields, or provide an instance with createApp({ providers: [[${component}, instance]] })`,

  ResolverNotClass: {
    notAClassName: ({ written }: { written: string }) =>
      `From<${written}> needs a class name, as in From<CurrentUser>: ` +
      "a class with a method resolve(c: Context) that returns what the parameter receives.",
    notAClass: ({ written, name }: { written: string; name: string }) =>
      `From<${written}> needs a class: '${name}' is not one. ` +
      "Make it a class with a method resolve(c: Context) that returns what the parameter receives.",
  },

  ResolverWithoutResolve: {
    noResolve: ({ written, className }: { written: string; className: string }) =>
      `From<${written}> needs a method resolve(c: Context) on ${className}, ` +
      `which returns what the parameter receives (or throws HttpError(401) to refuse the request); add one.`,
    severalParameters: ({ className, parameters }: { className: string; parameters: readonly string[] }) =>
      `${className}.resolve declares ${parameters.length} parameters (${parameters.join(", ")}), ` +
      `but honest calls it with the request's Context alone; ` +
      "declare resolve(c: Context), and reach anything else through Inject<T> fields.",
    notContext: ({ className, parameter, type }: { className: string; parameter: string; type: string }) =>
      `${className}.resolve takes '${parameter}' of type '${type}', but honest calls it with the request's Context; ` +
      `declare it '${parameter}: Context' (from hono).`,
  },

  ResolverUnreachable: ({ className, why }: { className: string; why: UnreachableClass }) =>
    `the generated route takes the resolver ${className} from this file, and cannot: ${unreachable(why)}. Declare the class here, ` +
    `or import it by name from the module that exports it.`,

  UseOutsideController: ({ className }: { className: string | undefined }) =>
    `${className ?? "This class"} has @Use(...) but is not a controller, so its middleware would run for nothing; ` +
    `add @Controller() to the class, or remove @Use.`,

  /** `handler` is `Class.member`. */
  UseWithoutRoute: ({ handler }: { handler: string }) =>
    `${handler} has @Use(...) but no route decorator, so its middleware would run for nothing; ` +
    `add @Get, @Post, @Put, @Delete or @Patch, or move @Use to a handler or to the class.`,

  /** Reasons, completed by inJsonType or onInputProperty; `constraint` as written: `MinLength<1>`. */
  MisusedConstraint: {
    notAStringLiteral: ({ constraint, name }: { constraint: string; name: string }) =>
      `has ${constraint}; give it a string literal, such as ${name}<"^[a-z]+$">`,
    invalidExpression: ({ constraint, error }: { constraint: string; error: string }) =>
      `has ${constraint}; it is not a valid regular expression (${error}); fix the expression`,
    unknownFormat: ({ constraint, name, formats }: { constraint: string; name: string; formats: readonly string[] }) =>
      `has ${constraint}; give it one format of ${formats.map((format) => JSON.stringify(format)).join(", ")}, such as ${name}<"email">`,
    notANumberLiteral: ({ constraint, name, example }: { constraint: string; name: string; example: number }) =>
      `has ${constraint}; give it a number literal, such as ${name}<${example}>`,
    notACount: ({ constraint, name }: { constraint: string; name: string }) =>
      `has ${constraint}; a count is a whole number of at least 0, such as ${name}<1>`,
    stepNotAboveZero: ({ constraint, name }: { constraint: string; name: string }) =>
      `has ${constraint}; the step must be greater than 0, such as ${name}<5>`,
    /** `target`: what the value is, when a constraint could apply to it. */
    wrongTarget: ({
      constraint,
      wanted,
      value,
      target,
    }: {
      constraint: string;
      wanted: ConstraintTarget;
      value: JsonShape;
      target: ConstraintTarget | undefined;
    }) =>
      `has ${constraint}, a constraint for ${wanted}s, on ${described(value)}; remove it` +
      (target ? `, or use one for ${target}s (${CONSTRAINTS_FOR[target]})` : ""),
    unsatisfiable: ({ lower, upper, target }: { lower: string; upper: string; target: ConstraintTarget | undefined }) =>
      `has ${lower} and ${upper}, which no ${target} satisfies; lower the first or raise the second`,
    onObjects: ({ constraints }: { constraints: readonly string[] }) =>
      `has ${constraints.join(" & ")} on an intersection of object types; constraints apply to a string, a number, an array ` +
      "or one object type (give the intersection a name of its own first: type Both = A & B)",
    onFile: () => "is a File, which takes no constraint types; remove them",
    onInput: ({ written, constraints }: { written: string; constraints: readonly string[] }) =>
      `${written} has ${constraints.join(" & ")} on the object itself, which honest checks in Json<T> bodies only; ` +
      `remove it, or read the body as Json<T> if the fields belong there.`,
  },

  /** `written`: `Query<Filter>`; `tag`: `Query`. */
  InputNotObject: ({ written, tag, source, type }: { written: string; tag: string; source: ReadSource; type: string | undefined }) =>
    `${written} needs an object type for T${type ? `: '${type}' is not one` : ""}; ` +
    `declare each ${source === "query" ? "key" : source === "form" ? "field" : source === "env" ? "variable" : source} as a property, ` +
    `as in ${tag}<{ ${source === "header" ? "authorization: Secret<string>" : source === "env" ? "PORT?: number" : "limit?: number"} }>.`,

  /** Reasons, completed by onInputProperty. */
  UnsupportedInputType: {
    notText: ({ type, source }: { type: string; source: ReadSource }) =>
      `of type '${type}' cannot be read from ${WHERE_READ[source]}; ` +
      `declare it string, number, i64, bigint, boolean, Date, a union of string or number literals, ` +
      `an enum${source === "form" ? ", File" : ""}, or an array of one of these`,
    prototype: ({ source }: { source: ReadSource }) =>
      `cannot be read from ${WHERE_READ[source]}, since it would name the object's prototype; rename it`,
  },

  HeaderNameCase: ({ written, name }: { written: string; name: string }) =>
    `${written}: header name '${name}' must be written in lower case, ` +
    `'${name.toLowerCase()}': header names are case-insensitive and arrive lower-case.`,

  SeveralInputParameters: ({ tag }: { tag: string }) =>
    `a handler takes at most one ${tag}<T> parameter; ` +
    `declare every ${tag === "Query" ? "key" : tag === "Form" ? "field" : tag.toLowerCase()} it reads as a property of one type.`,

  FormOnBodilessMethod: ({ method }: { method: HttpMethod }) =>
    `a ${method} request has no body, and a browser sends a form with method="get" in the query string; ` +
    `read its fields with Query<T>, or make the route a POST.`,

  /** `taken`: the body parameter the handler already has. */
  SeveralBodies: ({ taken }: { taken: "Json" | "Form" }) =>
    `a handler takes one request body, Json<T> or Form<T>, and this one already has a ${taken}<T> parameter; keep one.`,

  SecuritySchemeNotConstant: {
    /** `path` within the scheme: "" or `.scheme`. */
    notConstant: ({ className, path, type }: { className: string; path: string; type: string }) =>
      `${className}.securityScheme${path} has the type ${type}, not one constant value, so the OpenAPI document cannot say what it is; ` +
      `write the scheme as a constant, as in ${SCHEME_EXAMPLE}.`,
    notAScheme: ({ className, types }: { className: string; types: readonly string[] }) =>
      `${className}.securityScheme must be an OpenAPI security scheme object whose type is one of ${types.join(", ")}, ` +
      `as in { type: "http", scheme: "bearer" } as const satisfies SecurityScheme.`,
    name: ({ className }: { className: string }) =>
      `${className}.securitySchemeName must be one constant string of letters, digits, '.', '-' or '_', ` +
      `as in static readonly securitySchemeName = "Token";.`,
    nameClash: ({ className, name, other }: { className: string; name: string; other: string }) =>
      `${className} names its security scheme '${name}', as ${other} does, but the two schemes differ; ` +
      `give them the same securityScheme to share one, or another securitySchemeName.`,
  },

  PluginOptions: {
    notAnObject: ({ option }: { option: unknown }) =>
      `the honest plugin's "openapi" option is ${JSON.stringify(option)}; ${PLUGIN_OPTIONS}.`,
    field: ({ name, value }: { name: string; value: unknown }) =>
      `the honest plugin's "openapi" option has ${JSON.stringify(name)}: ${JSON.stringify(value)}; ${PLUGIN_OPTIONS}.`,
    client: ({ option }: { option: unknown }) =>
      `the honest plugin's "client" option is ${JSON.stringify(option)}; write the path of the TypeScript file to generate, ` +
      'such as "client": "client/api.ts", outside the files the tsconfig.json includes.',
  },

  GeneratedModuleImport: (parts: { className: string; module: string }) => mustBeExportedForModule(parts),

  /** Reasons, completed by inJsonType or onInputProperty; `fix`, an equivalent expression that does not backtrack. */
  BacktrackingPattern: {
    exponential: ({ pattern, cause, fix }: { pattern: string; cause: BacktrackingCause; fix: string | undefined }) =>
      `has ${pattern}, whose regular expression backtracks exponentially: ${backtracking(cause)}, so a value of a few dozen ` +
      `characters can hold the server for seconds, whatever its MaxLength; ` +
      `${rewrite(fix, "rewrite it so that each character can be matched in one way only")}`,
    /** `limit`: the longest value a polynomially backtracking pattern may be given. */
    polynomial: ({
      pattern,
      maxLength,
      limit,
      cause,
      fix,
    }: {
      pattern: string;
      maxLength: number | undefined;
      limit: number;
      cause: BacktrackingCause;
      fix: string | undefined;
    }) =>
      `has ${pattern}${maxLength === undefined ? "" : ` and MaxLength<${maxLength}>`}, ` +
      `whose regular expression backtracks polynomially: ${backtracking(cause)}, so a long value takes ` +
      `time that grows with the square of its length or faster; add MaxLength<${limit}> or less (checked before the pattern), ` +
      `or ${rewrite(fix, "rewrite it so that no two repetitions can match the same run of characters")}`,
  },

  OperationDocTag: {
    operationIdWord: ({ written }: { written: string }) =>
      `'${`@operationId ${written}`.trim()}' is not an operation id: write one word without spaces after it, as in @operationId createArticle.`,
    duplicateOperationId: ({ operationId, route, earlier }: { operationId: string; route: string; earlier: string }) =>
      `${route} has the operationId '${operationId}', which ${earlier} has already; an OpenAPI document names each operation once, ` +
      `so give one of them another with @operationId.`,
  },

  ErrorFormat: {
    key: ({ key }: { key: string }) =>
      `renderError has the entry '${key}', which is not an error status: key each entry by the status honest answers with, ` +
      `400 to 599, as in 400: (problem): Json<ErrorBody, 422> => ({ ... }), or by default for every status without an entry.`,
    noResult: ({ key }: { key: string }) =>
      `renderError's entry ${key} has no declared result type, so honest can neither write its body nor document it: ` +
      `declare it, as in ${key}: (problem): Json<ErrorBody> => ({ ... }).`,
    notJson: ({ key, written }: { key: string; written: string }) =>
      `renderError's entry ${key} declares '${written}': declare its body as Json<T> (sent with honest's status) or ` +
      `Json<T, S> (sent with status S), as in ${key}: (problem): Json<ErrorBody, 422> => ({ ... }); ` +
      `to build Responses by hand, make renderError a function instead.`,
    status: ({ key, status }: { key: string; status: string }) =>
      `renderError's entry ${key} answers with status ${status}, which is not an error status: give Json<T, S> a status ` +
      `from 400 to 599, or leave S out to answer with ${key === "default" ? "the problem's own" : key}.`,
    /** `written`: what the entries come from as the call has it (`...entries`, `errors`, `options`). */
    notWritten: ({ written }: { written: string }) =>
      `honest cannot read renderError's entries in '${written.replace(/\s+/g, " ")}' where createApp() is called, so it can neither write nor ` +
      `document their bodies: write the entries in the call, as in createApp({ renderError: { 400: (problem): Json<ErrorBody, 422> => ({ ... }) } }), ` +
      `or in a constant the call names, initialised with them there (const errors = { 400: ... }); ` +
      `a renderError that builds its own Responses is a function, (problem, c) => Response.`,
    twoFormats: ({ file }: { file: string }) =>
      `this createApp() call's renderError has other entries than the one in ${file}: the OpenAPI document shows one ` +
      `error format, so give every createApp() call the same entries.`,
  },

  /**
   * `label`: the route as the program has it, or `GET /items/{id}` for one it no longer has; `committed`: the
   * committed document's name; `accept`: how to take the break when it is intended (breakingChangeAccept).
   */
  BreakingChange: {
    change: ({ label, change, committed, accept }: { label: string; change: Change; committed: string; accept: string }) =>
      `${label}: ${brokenWhat(change)}, a break for clients written against ${committed}; ` +
      `${brokenFix(change)}, or version the API (a new route beside this one), or, if the break is intended, ${accept}.`,
    missing: ({ file }: { file: string }) =>
      `the committed OpenAPI document ${file}, to check for breaking changes against, does not exist; ` +
      "name the document your clients were written against (git show main:openapi.json > openapi.main.json writes the one on main).",
    unreadable: ({ file, reason }: { file: string; reason: string }) =>
      `the committed OpenAPI document ${file}, to check for breaking changes against, cannot be read as an OpenAPI document: ${reason}; ` +
      "name a JSON file that honest wrote (or another OpenAPI 3 document with paths).",
    tooDeep: ({ label, subject, document, committed }: { label: string; subject: Subject; document: DocumentSide; committed: string }) =>
      `${label}: the schema of ${brokenSubject(subject, "$")} in ${document === "committed" ? committed : "the program's document"} ` +
      `nests more than ${MAX_SCHEMA_DEPTH} levels deep (properties, items and anyOf or oneOf members, $refs followed), ` +
      "deeper than the breaking-change gate compares; " +
      (document === "committed"
        ? `check that ${committed} is the document your clients were written against, or give the type fewer levels of nesting.`
        : "give the type fewer levels of nesting."),
  },
  SocketRoute: {
    noConnection: ({ member }: { member: string }) =>
      `a @Socket handler takes the open WebSocket as a Connection<In, Out> parameter, In the messages it receives and Out those it sends; ` +
      `add one, as in ${member}(connection: Connection<ChatIn, ChatOut>).`,
    severalConnections: () => "a @Socket handler takes one Connection<In, Out> parameter, the WebSocket it serves; keep one.",
    connectionArguments: ({ written }: { written: string }) =>
      `${written} names no message types; write Connection<In, Out>, In the messages the socket receives and Out those it sends, as in Connection<ChatIn, ChatOut>.`,
    connectionOnHttpRoute: () =>
      "a Connection<In, Out> parameter is the WebSocket of a @Socket route; declare the route with @Socket(path) from honest, or remove the parameter.",
    body: ({ tag }: { tag: "Json" | "Form" }) =>
      `a WebSocket opens with a GET, which has no body, and its messages arrive through the Connection<In, Out>; ` +
      `remove the ${tag}<T> parameter and receive its data as a message (In).`,
    returnType: ({ type }: { type: string }) =>
      `a @Socket handler returns Promise<void>, since the connection lasts while it runs, and this one returns ${type}; ` +
      "declare Promise<void> and send what it would return with connection.send(message).",
  },

  /** `field` is `Class.field`; `component` the per-request class it holds. */
  PerRequestHeld: ({ field, component, name }: { field: string; component: string; name: string }) =>
    `${field} holds ${component}, which lives for one request, in an Inject<T> field of a class the app builds once; ` +
    `write \`declare readonly ${name}: Current<${component}>\`, which reads this request's instance each time it is used, or mark the class @PerRequest().`,

  RequestScope: {
    currentNotPerRequest: ({ field, component }: { field: string; component: string }) =>
      `${field}: Current<${component}> reads this request's instance of a @PerRequest() component, and ${component} is not one; ` +
      `mark ${component} @PerRequest(), or write Inject<${component}> for the app's one instance.`,
    noRequest: ({ field, method, component }: { field: string; method: "init" | "close"; component: string }) =>
      `${component}.${method}() reads this.${field.slice(field.indexOf(".") + 1)}, a Current<T> field, but ${method}() runs when the app ` +
      `${method === "init" ? "starts" : "stops"}, where no request exists; read it in code that handles a request, and take what ${method}() needs through Inject<T>.`,
    perRequestController: ({ className }: { className: string }) =>
      `${className} is a @Controller() and @PerRequest(); a controller is built once for the app; remove @PerRequest(), ` +
      "and read this request's components in it through Current<T> fields.",
    perRequestResolver: ({ className }: { className: string }) =>
      `From<${className}> names a @PerRequest() component, and a resolver is built once for the app; remove @PerRequest() from ${className}, ` +
      "and read this request's components in it through Current<T> fields.",
  },

  /** `Env<T>` (docs/guide/configuration.md, "Configuration"); `field` is `Class.field`, `written` is `Env<Settings>`. */
  EnvField: {
    notAField: ({ field }: { field: string }) =>
      `${field}: an Env<T> field must be an instance field with a plain name, as in declare readonly env: Env<Settings>.`,
    parameter: ({ name }: { name: string }) =>
      `parameter '${name}' is typed Env<T>, which honest fills only as a field of a component, read once when the app is built; ` +
      `declare it in a component (declare readonly env: Env<Settings>) and inject that component with Inject<T>.`,
    variableName: ({ written, name }: { written: string; name: string }) =>
      `${written}: '${name}' is not an environment variable name: use letters, digits and '_', not starting with a digit, ` +
      `as in PORT or DATABASE_URL.`,
    defaultNotLiteral: ({ written, name }: { written: string; name: string }) =>
      `${written}: the default of '${name}' must be one literal (a string, a number, a bigint, true or false), ` +
      `which honest reads as if the variable were set to it; compute other values where you read the setting.`,
  },
  /** `on` names what carries the decorator: `ItemController.createMany`, or the class. */
  RateLimit: {
    options: ({ on }: { on: string }) =>
      `${on}: @RateLimit takes one object literal with a limit and a window, and optionally by, ` +
      `as in @RateLimit({ limit: 5, window: "1m" }) or @RateLimit({ limit: 100, window: "1h", by: CurrentUser }).`,
    limit: ({ on, written }: { on: string; written: string }) =>
      `${on}: @RateLimit's limit must be a whole number from 1, written as a literal, as in limit: 5; got ${written}.`,
    window: ({ on, written }: { on: string; written: string }) =>
      `${on}: @RateLimit's window must be a duration such as "30s", "1m" or "1h" (units ms, s, m, h, d), or a whole number of ms, ` +
      `written as a literal, from 1 ms to 7 days; got ${written}.`,
    byNotResolver: ({ on, written }: { on: string; written: string }) =>
      `${on}: @RateLimit's by must name a resolver, a class with a method resolve(c: Context) whose value keys the count ` +
      `(docs/guide/resolvers.md); '${written}' is not one.`,
    byNotKey: ({ on, className, type }: { on: string; className: string; type: string }) =>
      `${on}: @RateLimit counts by ${className}'s value, of type '${type}', which cannot key a count: ` +
      `resolve must give a string, a number, a bigint, or an object with an id of one of those (undefined counts by client address).`,
    withoutRoute: ({ handler }: { handler: string }) =>
      `${handler} has @RateLimit but no route decorator, so nothing would be limited; ` +
      `add @Get, @Post, @Put, @Delete or @Patch, or move @RateLimit to a handler or to the controller.`,
    outsideController: ({ className }: { className: string | undefined }) =>
      `${className ?? "This class"} has @RateLimit but is not a controller, so nothing would be limited; ` +
      `add @Controller() to the class, or remove @RateLimit.`,
    several: ({ on }: { on: string }) => `${on} has @RateLimit more than once; keep one.`,
  },
  /** `Topic<T>` (docs/guide/topics.md, "Topics"); `field` is `Class.field`, `written` is `Topic<ItemChange>`. */
  TopicField: {
    notAField: ({ field }: { field: string }) =>
      `${field}: a Topic<T> field must be an instance field with a plain name, declare readonly, as in ` +
      "declare readonly changes: Topic<ItemChange>; honest fills it when it builds the component.",
    perRequest: ({ field, className }: { field: string; className: string }) =>
      `${field}: ${className} is @PerRequest(), built for each request, and a topic lasts as long as the app; ` +
      `declare the Topic<T> field in an app-wide component and reach that component through Inject<T>.`,
    nameNotLiteral: ({ field, written }: { field: string; written: string }) =>
      `${field}: the name in ${written} must be one string literal, not empty, as in Topic<ItemChange, "items.changes">; ` +
      `leave it out and the topic is named "${field}".`,
    conflictingTypes: ({
      field,
      name,
      written,
      other,
      otherField,
    }: {
      field: string;
      name: string;
      written: string;
      other: string;
      otherField: string;
    }) =>
      `${field}: the topic "${name}" carries ${written} here and ${other} in ${otherField}; a topic carries one type: ` +
      "give one field another name, or both the same type.",
  },
  /**
   * `@Every` and `@Cron` (docs/guide/scheduled-work.md, "Scheduled work"); `job` is `Class.method`, `decorator` is
   * `Every` or `Cron`.
   */
  Schedule: {
    notAMethod: ({ job, decorator }: { job: string; decorator: string }) =>
      `${job}: @${decorator} goes on a method, which the app calls at each tick; declare ${job.slice(job.indexOf(".") + 1)} as a method, ` +
      `as in async ${job.slice(job.indexOf(".") + 1)}(): Promise<void> { ... }.`,
    staticMethod: ({ job, decorator }: { job: string; decorator: string }) =>
      `${job}: @${decorator} goes on an instance method, which the app calls on the one instance it builds; remove static.`,
    parameters: ({ job }: { job: string }) =>
      `${job}: a scheduled method is called with no arguments at each tick; remove its parameters, and reach what it needs ` +
      "through the class's Inject<T> and Env<T> fields.",
    several: ({ job }: { job: string }) =>
      `${job} has more than one @Every or @Cron; keep one, and give another schedule a method of its own that calls this one.`,
    notLiteral: ({ job, decorator }: { job: string; decorator: string }) =>
      decorator === "Every"
        ? `${job}: @Every takes one literal, a duration ("500ms", "10s", "5m", "1h") or a whole number of ms, which the build checks; write it in place, as in @Every("30s").`
        : `${job}: @Cron takes one string literal, a cron expression the build checks; write it in place, as in @Cron("*/5 * * * *").`,
    duration: ({ job, written }: { job: string; written: string }) =>
      `${job}: @Every(${written}) is not a duration; write a whole number followed by ms, s, m or h ("500ms", "10s", "5m", "1h"), or a whole number of ms.`,
    tooShort: ({ job, written, ms }: { job: string; written: string; ms: number }) =>
      `${job}: @Every(${written}) is ${ms} ms, and the shortest interval is 100 ms, below which a tick is mostly timer and lock; ` +
      `write "100ms" or more, or run the work in a loop of its own started by init().`,
    cron: ({ job, expression, reason }: { job: string; expression: string; reason: string }) =>
      `${job}: @Cron(${JSON.stringify(expression)}) is refused by croner: ${reason}; write 5 fields (minute, hour, day of month, ` +
      `month, day of week), 6 with seconds first, or a nickname such as @hourly.`,
    cronQuestionMark: ({ job, expression }: { job: string; expression: string }) =>
      `${job}: @Cron(${JSON.stringify(expression)}) has '?', which croner reads as the moment the process started, so that instances ` +
      "started at different times would disagree on the ticks; write * or a value instead.",
    cronNever: ({ job, expression }: { job: string; expression: string }) =>
      `${job}: @Cron(${JSON.stringify(expression)}) names no time that will ever come (as the 31st of February), so the job would never run; correct the fields.`,
    cronerMissing: ({ job }: { job: string }) =>
      `${job}: @Cron needs the croner package, which reads cron expressions when the app is built and when it runs, and it is not installed: npm install croner`,
    controller: ({ job, className }: { job: string; className: string }) =>
      `${job}: ${className} is a @Controller(), whose methods answer requests; move the scheduled method into a component ` +
      "(a plain class: the app builds every class with a scheduled method, whether or not anything injects it).",
    perRequest: ({ job, className }: { job: string; className: string }) =>
      `${job}: ${className} is @PerRequest(), built for each request, and a job runs outside any request on the app's one instance; ` +
      "move the scheduled method into an app-wide component.",
    unnamed: ({ decorator }: { decorator: string }) =>
      `@${decorator} is in a class without a name, which createApp() cannot import to build it; give the class a name and export it.`,
    notExported: ({ className, createAppFile }: { className: string; createAppFile: string }) =>
      `${className} must be exported: it has a scheduled method, and createApp() in ${createAppFile} builds it, importing it to do so.`,
    /** In generator mode, where the module `honest generate` writes imports it. */
    notExportedForModule: (parts: { className: string; module: string }) => mustBeExportedForModule(parts),
  },

  /** `where`: the input and, in a body, the path (`Json<SignUp> at $.password`); `declared`: the property with its type marked. */
  UnmarkedSecret: ({ where, name, declared }: { where: string; name: string; declared: string }) =>
    `${where}: '${name}' is named like a secret and not marked one; declare it ${declared}, ` +
    "so that no problem, log line or span shows its value, and the OpenAPI document marks it writeOnly.",

  /** `on`: the controller or the handler (`ItemController`, `ItemController.list`); docs/guide/versions.md. */
  Versions: {
    option: ({ option }: { option: unknown }) =>
      `the honest plugin's "versioning" option is ${JSON.stringify(option)}; write { "in": "path" } for versions in the path (/v2/items), ` +
      'or { "in": "header", "header": "api-version" } for versions in a header.',
    notLiteral: ({ on, written }: { on: string; written: string }) =>
      `${on}: a version is one string literal, as in @Version("2") or @Controller({ version: "2" }); got ${written}.`,
    malformed: ({ on, written }: { on: string; written: string }) =>
      `${on}: the version ${written} cannot go in a path or a header; write letters, digits, '.', '_' or '-', ` +
      'starting with a letter or a digit, such as "2" or "2024-06-01".',
    leadingV: ({ on, written, bare }: { on: string; written: string; bare: string }) =>
      `${on}: the version ${JSON.stringify(written)} would be in the path as /v${written}; write ${JSON.stringify(bare)}, and the path gets /v${bare}.`,
    several: ({ on, decorator }: { on: string; decorator: string }) => `${on} has @${decorator} more than once; keep one.`,
    withoutRoute: ({ on, decorator }: { on: string; decorator: string }) =>
      `${on} has @${decorator} but no route decorator, so it would apply to nothing; ` +
      `add @Get, @Post, @Put, @Delete or @Patch, or remove @${decorator}.`,
    outsideController: ({ on, decorator }: { on: string; decorator: string }) =>
      `${on} has @${decorator} but is not a controller, so it would apply to nothing; add @Controller() to the class, or remove @${decorator}.`,
    versionOnClass: ({ on }: { on: string }) =>
      `${on}: a controller's version goes in its options, @Controller({ version: "2" }); @Version("2") is for one handler.`,
    sunsetOptions: ({ on }: { on: string }) =>
      `${on}: @Sunset takes a date literal and optionally { successor }, as in @Sunset("2027-06-30") ` +
      'or @Sunset("2027-06-30", { successor: "/v3/items" }).',
    date: ({ on, what, written }: { on: string; what: string; written: string }) =>
      `${on}: ${what} must be a date written "YYYY-MM-DD" (midnight UTC) or "YYYY-MM-DDTHH:MM:SSZ"; got ${written}.`,
    successor: ({ on, written }: { on: string; written: string }) =>
      `${on}: @Sunset's successor must be a string literal, a path starting with "/" or an http(s) URL, ` +
      `without spaces, '<' or '>', as in { successor: "/v3/items" }; got ${written}.`,
    sunsetNotDeprecated: ({ on }: { on: string }) =>
      `${on} has @Sunset but no @deprecated tag with a date; add /** @deprecated 2026-06-30 */ (when it was or will be deprecated), ` +
      "which the Deprecation header sends (RFC 9745) before the Sunset date.",
    sunsetBeforeDeprecation: ({ on, sunset, deprecation }: { on: string; sunset: string; deprecation: string }) =>
      `${on}: the sunset date ${sunset} is before the deprecation date ${deprecation}; a route is deprecated first, then goes (RFC 9745, section 3).`,
    sharedPath: ({ route, earlier }: { route: string; earlier: string }) =>
      `${route} has no version and so answers every version, like ${earlier} which has one: with versions in a header, ` +
      "give both a version, or give one of them another path.",
  },
  FileAnswer: {
    inUnion: ({ type }: { type: string }) =>
      `the handler returns ${type} among other answers, but a file answer is the whole answer: declare Promise<${type}> alone, ` +
      "and refuse a request before it by throwing HttpError (a missing file: throw new HttpError(404, ...)).",
    notPromised: ({ type }: { type: string }) =>
      `the handler declares ${type}, but a file answer is made as the handler runs: declare Promise<${type}>, and return download(...).`,
    mediaType: ({ written }: { written: string }) =>
      `Download<${written}> must name its media type as a string literal of the form type/subtype, or a union of them, ` +
      'as in Download<"text/csv"> or Download<"image/png" | "image/jpeg">; leave it out for application/octet-stream.',
  },
  /** Paging declared on a route (docs/guide/pages.md, "Pages"): `Paged<T>` and the OffsetPaging or CursorPaging in its `Query<T>`. */
  Paging: {
    noPagingQuery: ({ written }: { written: string }) =>
      `${written} answers one page, and the route's Query<T> declares no paging; intersect its type with OffsetPaging or CursorPaging, ` +
      "as in Query<ItemFilter & OffsetPaging>, so that honest knows the keys its Link headers change.",
    notAlone: ({ written, type }: { written: string; type: string }) =>
      `${written} is the route's whole answer, a plain array with Link headers, and cannot be one member of ${type}; ` +
      "answer the other cases by throwing an HttpError.",
    notGet: ({ written, method }: { written: string; method: string }) =>
      `${written} pages a ${method} route, and a client follows a page's Link headers with GET requests; declare the route with @Get.`,
    both: () => "its Query<T> declares both OffsetPaging and CursorPaging; a route pages one way: keep one.",
    maxNotLiteral: ({ paging }: { paging: string }) =>
      `${paging} needs its largest limit as a whole number literal, 1 or more, as in ${paging.replace(/<.*$/, "")}<50>.`,
    defaultOutOfRange: ({ key, value, range }: { key: string; value: string; range: string }) =>
      `the default ${key} = ${value} is one the paging refuses, so every request without ${key} would be a 400; ` +
      `write a whole number ${range}.`,
  },
  DeclaredError: {
    noStatus: ({ written }: { written: string }) =>
      `the handler declares ${written} without its status, so neither the OpenAPI document nor the client knows which error it is: ` +
      "declare each error answer with its status, as in Promise<Json<Item> | HttpError<404>>.",
    status: ({ status }: { status: string }) =>
      `the handler declares HttpError<${status}>, but the status of an error answer must be one number from 400 to 599, ` +
      "as in HttpError<404> or HttpError<typeof StatusCode.NOT_FOUND>; for several, write HttpError<404> | HttpError<409>.",
    twice: ({ status }: { status: string }) =>
      `the handler declares the error ${status} twice; declare it once: HttpError<${status}> for a problem document, ` +
      `or the bare status ${status} for an answer without a body.`,
    alsoSuccess: ({ status }: { status: string }) =>
      `the handler declares ${status} both as a JSON answer (Json<T, ${status}>) and as an error answer; ` +
      `keep one: Json<T, ${status}> if its body is the route's own, or HttpError<${status}> for the app's error format.`,
    extensions: ({ written }: { written: string }) =>
      `the handler declares HttpError<S, ${written}>, but the problem document's extra members must be an object type ` +
      "of JSON values without i64 or Date (they are written as they are), as in HttpError<409, { field: string }>.",
    formatStatus: ({ key, status }: { key: string; status: string }) =>
      `renderError's entry ${key} declares the status ${status}, but an answer without a body must be an error status, ` +
      `one number from 400 to 599, as in ${key === "default" ? "401" : key}: (): ${key === "default" ? "401" : key} => ${key === "default" ? "401" : key}.`,
  },
  /**
   * Conditional requests (docs/guide/conditional-requests.md, "Conditional requests"): a validator resolver,
   * `@BodyETag()` and `@CacheControl(...)`; `route` is the route's label, `handler` is `Class.method`.
   */
  ConditionalRequest: {
    severalValidators: ({ first, second }: { first: string; second: string }) =>
      `the route takes two resolvers that give validators, ${first} and ${second}; a resource has one set of validators: ` +
      "keep one, whose resolve gives { etag, lastModified } when both are wanted.",
    validatorOnSocket: ({ className }: { className: string }) =>
      `${className} gives validators (an ETag or a LastModified), which a WebSocket route cannot use: ` +
      "a conditional request is a GET, HEAD or a write; take it in an HTTP route.",
    bodyETagOnWrite: ({ method }: { method: string }) =>
      `@BodyETag() hashes the JSON a GET answers with, after its handler ran; on a ${method}, the write would be done ` +
      "before the tag could be compared: give the route a resolver whose resolve returns an ETag (etag(...)), " +
      "so that honest answers 412 to a stale If-Match before the handler runs.",
    bodyETagNotJson: () =>
      "@BodyETag() hashes the JSON the route answers with, and this route's return type is not only Json<T> (a status, " +
      "a Response or a stream): declare Promise<Json<T>>, or give the route a resolver whose resolve returns an ETag.",
    bodyETagWithValidator: ({ className }: { className: string }) =>
      `the route's validators come from ${className} already, checked before the handler runs; remove @BodyETag(), ` +
      "or the resolver's ETag.",
    cacheControlNotLiteral: ({ written }: { written: string }) =>
      `@CacheControl takes one string literal of directives, as in @CacheControl("private, max-age=60"); got ${written}.`,
    several: ({ decorator }: { decorator: string }) => `the route has @${decorator} more than once; keep one.`,
    onSocket: ({ decorator }: { decorator: string }) =>
      `@${decorator} sets a header of an HTTP answer, and a WebSocket route answers with its upgrade alone: remove @${decorator}.`,
    withoutRoute: ({ handler, decorator }: { handler: string; decorator: string }) =>
      `${handler} has @${decorator} but no route decorator, so no answer would carry it; ` +
      `add @Get (or another route decorator), or remove @${decorator}.`,
    outsideController: ({ className, decorator }: { className: string | undefined; decorator: string }) =>
      `${className ?? "This class"} has @${decorator} but is not a controller, so no answer would carry it; ` +
      `add @Controller() to the class, or remove @${decorator}.`,
  },
} satisfies { readonly [Name in keyof typeof HonestCode]: Text | Readonly<Record<string, Text>> };

type Text = (...parts: never[]) => string;

type Coded<Entry> = Entry extends (...parts: infer Parts) => string
  ? (...parts: Parts) => HonestMessage
  : { readonly [Variant in keyof Entry]: Coded<Entry[Variant]> };

/** The catalogue: each entry gives its code with its text. */
export const messages = Object.fromEntries(
  Object.entries(texts).map(([name, entry]) => {
    const code = HonestCode[name as keyof typeof HonestCode];
    const coded =
      (text: Text) =>
      (...parts: never[]): HonestMessage => ({ code, text: text(...parts) });
    if (typeof entry === "function") return [name, coded(entry)];
    return [name, Object.fromEntries(Object.entries(entry).map(([variant, text]) => [variant, coded(text)]))];
  }),
) as { readonly [Name in keyof typeof texts]: Coded<(typeof texts)[Name]> };

/** How to take an intended break: refresh the committed document, by deleting it when the build writes it. */
export function breakingChangeAccept({ committed, writtenByBuild }: { committed: string; writtenByBuild: boolean }): string {
  return writtenByBuild
    ? `delete ${committed} and build again, which writes the new one, and commit it`
    : `copy the new document over ${committed}`;
}

function brokenSubject(subject: Subject, at: JsonPath): string {
  const whole =
    subject.kind === "parameter"
      ? `the ${subject.in} parameter '${subject.name}'`
      : subject.kind === "body"
        ? `the ${subject.mediaType} request body`
        : `the ${subject.status} response's ${subject.mediaType}`;
  return at === "$" ? whole : `${whole} at ${at}`;
}

function brokenWhat(change: Change): string {
  switch (change.kind) {
    case "operationRemoved":
      return "the operation was removed";
    case "statusRemoved":
      return `no longer answers ${change.status}`;
    case "requestMediaTypeRemoved":
      return `no longer accepts a ${change.mediaType} request body`;
    case "responseMediaTypeRemoved":
      return `the ${change.status} response no longer has ${change.mediaType} content`;
    case "parameterRequired":
      return change.added
        ? `requires a new ${change.in} parameter '${change.name}'`
        : `requires the ${change.in} parameter '${change.name}', which was optional`;
    case "bodyRequired":
      return change.added ? "requires a request body, which it did not read" : "requires the request body, which was optional";
    case "securityAdded":
      return "requires credentials, which it did not";
    case "propertyRequired":
      return change.added
        ? `${brokenSubject(change.subject, "$")} requires a new property ${change.at}`
        : `${brokenSubject(change.subject, "$")} requires ${change.at}, which was optional`;
    case "propertyRemoved":
      return `${brokenSubject(change.subject, "$")} no longer has ${change.at}`;
    case "propertyOptional":
      return `${brokenSubject(change.subject, "$")} may now lack ${change.at}`;
    case "typesNarrowed":
      return `${brokenSubject(change.subject, change.at)} no longer accepts ${orList(change.removed)}`;
    case "typesWidened":
      return `${brokenSubject(change.subject, change.at)} may now be ${orList(change.added)}`;
    case "valuesRemoved":
      return `${brokenSubject(change.subject, change.at)} no longer accepts ${orList(change.values.map((value) => shownJson(value, MAX_SCHEMA_DEPTH)))}`;
    case "valuesLimited":
      return `${brokenSubject(change.subject, change.at)} accepts only ${orList(change.values.map((value) => shownJson(value, MAX_SCHEMA_DEPTH)))} now`;
    case "constraintTightened":
      return (
        `${brokenSubject(change.subject, change.at)} has ${change.keyword} ${shownJson(change.after, MAX_SCHEMA_DEPTH)}` +
        (change.before === undefined ? `, which it did not` : `, where it had ${shownJson(change.before, MAX_SCHEMA_DEPTH)}`)
      );
    case "alternativeRemoved":
      return `${brokenSubject(change.subject, change.at)} no longer accepts a ${change.name}`;
  }
}

function brokenFix(change: Change): string {
  switch (change.kind) {
    case "operationRemoved":
      return "restore the route (its replacement can live beside it until clients have moved)";
    case "statusRemoved":
      return `keep answering ${change.status} (the handler's return type declares it)`;
    case "requestMediaTypeRemoved":
      return "accept it as before";
    case "responseMediaTypeRemoved":
    case "propertyRemoved":
    case "propertyOptional":
    case "typesWidened":
      return "send what was sent before (a property on its way out can be marked @deprecated in its doc comment)";
    case "parameterRequired":
    case "propertyRequired":
      return "make it optional (name?: T), with a default where the handler needs one";
    case "bodyRequired":
    case "securityAdded":
      return "read the new input on a new route";
    case "typesNarrowed":
    case "valuesRemoved":
    case "valuesLimited":
    case "constraintTightened":
    case "alternativeRemoved":
      return "accept everything it accepted before";
  }
}

function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

const RETURN_TYPES =
  "declare the return type as Promise<Json<T>>, Promise<Json<T, S>> with a status S, " +
  "Promise<StatusCode> or an exact status such as Promise<204>, Promise<Response>, or a union of them";

const PLUGIN_OPTIONS =
  'write "openapi": "openapi.json", ' +
  'or "openapi": { "file": "openapi.json", "title": "My API", "version": "1.0.0", "description": "..." }, ' +
  'with "summary", "termsOfService", "license" (an SPDX id, or { "name", "url" } or { "name", "identifier" }), ' +
  '"contact": { "name", "url", "email" }, "servers": [{ "url": "/api", "description": "..." }] ' +
  'and "against" (the committed document to check for breaking changes) and "openapiVersion": "3.2" if you like, ' +
  "in the honest entry of compilerOptions.plugins";

const SCHEME_EXAMPLE = 'static readonly securityScheme = { type: "http", scheme: "bearer" } as const satisfies SecurityScheme';

const STANDARD_LIBRARY_HINTS: Readonly<Record<string, string>> = {
  Map: "use Record<string, T> or an array of entries",
  Set: "use an array",
};

const CONSTRAINTS_FOR: Readonly<Record<ConstraintTarget, string>> = {
  string: "MinLength, MaxLength, Pattern, Format",
  number: "Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum, MultipleOf, Integer",
  array: "MinItems, MaxItems",
  object: "MinProperties, MaxProperties",
};

const WHERE_READ: Readonly<Record<ReadSource, string>> = {
  query: "the query string",
  header: "a header",
  cookie: "a cookie",
  form: "a form field",
  env: "an environment variable",
};

function braced(placeholders: readonly string[]): string {
  return placeholders.map((name) => `{${name}}`).join(", ");
}

/** A Path parameter that receives these placeholders: `id: Path<string>`, `[a, b]: Path<[string, string]>`. */
function pathParameterFor(placeholders: readonly string[]): string {
  if (placeholders.length === 1) return `${placeholders[0]}: Path<string>`;
  return `[${placeholders.join(", ")}]: Path<[${placeholders.map(() => "string").join(", ")}]>`;
}

function mustBeExportedForModule({ className, module }: { className: string; module: string }): string {
  return `${className} must be exported: the module that \`honest generate\` writes (${module}) imports it from this file.`;
}

function unreachable(why: UnreachableClass): string {
  switch (why.kind) {
    case "unknown":
      return `'${why.name}' does not name a class that the type checker can find`;
    case "not-a-class":
      return `'${why.name}' is not a class`;
    case "ambient":
      return `'${why.name}' is an ambient class with no value at run time`;
    case "import-form":
      return `'${why.name}' is imported in a form honest cannot re-import; use import { ${why.name} } from "..."`;
    case "not-imported":
      return `'${why.name}' is neither declared in this file nor imported into it`;
  }
}

function rewrite(fix: string | undefined, otherwise: string): string {
  return fix === undefined ? otherwise : `write Pattern<${JSON.stringify(fix)}>, which matches the same strings`;
}

/** What backtracks in a pattern, and on what input. */
function backtracking(cause: BacktrackingCause): string {
  const run = `a run of ${JSON.stringify(cause.run)}`;
  switch (cause.kind) {
    case "nested":
      return `/${cause.quantifier}/ inside /${cause.outer}/ can split ${run} in many ways`;
    case "overlapping":
      return `/${cause.first}/ and /${cause.second}/ can both match ${run}`;
    case "unanchored":
      return `/${cause.quantifier}/ is tried from every position of ${run}, since the expression is not anchored with ^`;
  }
}

/** A value a constraint was put on, in words. */
function described(what: JsonShape): string {
  switch (what.kind) {
    case "literal":
      return `the literal ${JSON.stringify(what.value)}`;
    case "bigint":
      return "an i64";
    case "date":
      return "a Date";
    case "array":
    case "object":
    case "unknown":
      return `an ${what.kind === "unknown" ? "unknown value" : what.kind}`;
    case "reference":
      return "an object";
    default:
      return `a ${what.kind}`;
  }
}
