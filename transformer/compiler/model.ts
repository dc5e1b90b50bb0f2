import type ts from "typescript";

// The plain model that analysis hands to generation: what the program
// declares, already checked. Nodes appear only as identities, so that the
// rewrite can find the class or call a model entry came from.

import type { HttpMethod } from "../../runtime/common/http-method.js";
import type { StringFormat } from "../../runtime/declarations/constraints.js";
import type { InputSource, ReadSource } from "../../runtime/inputs/input-reader.js";

// Declared once, by the runtime that reads them.
export type { HttpMethod, InputSource, ReadSource, StringFormat };

export interface ProgramModel {
  /** Every controller of the program, by source file path, then in source order. */
  readonly controllers: readonly ControllerModel[];
  /** Every class with `Inject<T>` fields, controllers included. */
  readonly injectables: readonly InjectableModel[];
  /** Every `createApp(...)` call that must be given the discovered controllers. */
  readonly createAppCalls: readonly CreateAppCallModel[];
  /** Every class with `@Every` or `@Cron` methods, which each app builds (docs/guide/scheduled-work.md, "Scheduled work"). */
  readonly scheduled: readonly ScheduledClassModel[];
  /** hono/cors's `cors(...)` and hono/bearer-auth's `bearerAuth(...)` in createApp's options and `@Use(...)`: the rewrite makes each honest's own (docs/guide/middleware.md, "How honest runs hono/cors and bearerAuth"). */
  readonly honoMiddlewareCalls: ReadonlyMap<ts.CallExpression, HonoMiddlewareName>;
  /** The named JSON shapes that `{ kind: "reference" }` shapes point to, by id. */
  readonly shapes: ShapeTable;
  /** `createApp({ renderError: { ... } })`'s entries, when the program declares its own error format. */
  readonly errorFormat?: ErrorFormatModel;
  /** Every honest decorator in the program, valid or not: the rewrite removes them all. */
  readonly decorators: readonly ts.Decorator[];
  /**
   * The handler methods of the routes whose components can reach a `@PerRequest()` one: their handlers run in a
   * request scope; every other route's code is as it would be without per-request components (docs/guide/request-scope.md, "What it costs").
   */
  readonly requestScoped: ReadonlySet<ts.MethodDeclaration>;
  /** honest's errors in the program, as tspc prints them: an app built from it refuses to start. */
  readonly errors: readonly string[];
  /** Where a route's version goes: the plugin entry's `versioning`, in the path unless it says a header (docs/guide/versions.md, "Where the version goes"). */
  readonly versioning?: VersioningModel;
}

/** The Hono middleware honest runs as its own, by the name honest's runtime exports it under. */
export type HonoMiddlewareName = "cors" | "bearerAuth";

export interface ControllerModel {
  readonly node: ts.ClassDeclaration;
  readonly fileName: string;
  readonly className: string;
  /** Whether another module can import the class (a discovered controller must be). */
  readonly exported: boolean;
  /** `@Controller({ prefix })` as written; "" without one. */
  readonly prefix: string;
  /** The arguments of `@Use(...)` on the class, in the order written: expressions evaluated where the class is. */
  readonly use: readonly ts.Expression[];
  readonly routes: readonly RouteModel[];
  /** The class's doc comment: the description of its tag in the OpenAPI document. */
  readonly doc?: DocComment;
}

/** A doc comment as the OpenAPI document uses it: the first paragraph, the rest, and its tags. */
export interface DocComment {
  readonly summary?: string;
  readonly description?: string;
  readonly deprecated?: boolean;
  /** `@operationId createArticle`, on a handler: its operation's id, as written. */
  readonly operationId?: string;
  /** `@tag Articles` (once a tag), on a handler or a controller: the tags of its operations. */
  readonly tags?: readonly string[];
  /** `@param id the article's id`, on a handler: each parameter's or placeholder's description, by name. */
  readonly params?: Readonly<Record<string, string>>;
}

export interface RouteModel {
  readonly method: HttpMethod;
  /** Effective path with `{param}` placeholders, as the route table prints it. */
  readonly path: string;
  /** The same path in Hono's syntax: `/items/:id`. */
  readonly honoPath: string;
  /** The route decorator's path as written (`/{id}`), before the prefix: what the decorator records in generator mode. */
  readonly declaredPath: string;
  /** The handler method's name. */
  readonly member: string;
  /** The handler method, which the rewrite may copy (see `synchronous`). */
  readonly declaration: ts.MethodDeclaration;
  /** The handler never awaits and returns no promise: a copy without `async` answers in the same turn. */
  readonly synchronous: boolean;
  /** The route decorator, where diagnostics about the route point. */
  readonly decorator: ts.Decorator;
  /** The arguments of `@Use(...)` on the handler, in the order written. */
  readonly use: readonly ts.Expression[];
  /** What to pass for each handler parameter, in declaration order. */
  readonly parameters: readonly HandlerParameterModel[];
  readonly response: ResponseModel;
  /** The handler's doc comment: the operation's summary, description and deprecation. */
  readonly doc?: DocComment;
  /** `@Socket(path)`: a WebSocket route (its `method` the upgrade's GET, its `response` nothing), and its messages. */
  readonly socket?: SocketModel;
  /** `@RateLimit(...)` on the handler, or else on its class (docs/guide/rate-limits.md, "Rate limits"). */
  readonly rateLimit?: RateLimitModel;
  /** `@Version("2")` on the handler, or else its controller's `version`; none: the route belongs to every version (docs/guide/versions.md, "Versions"). */
  readonly version?: string;
  /** With versions in a header, the header a request names `version` in (lower case). */
  readonly versionHeader?: string;
  /** `@deprecated` on the handler or its class, with what it and `@Sunset` send (docs/guide/versions.md, "Deprecating a route"). */
  readonly lifecycle?: LifecycleModel;
  /** A `Paged<T>` route's paging, from its `Query<T>`'s OffsetPaging or CursorPaging (docs/guide/pages.md, "Pages"). */
  readonly paging?: PagingModel;
  /** Its validators and Cache-Control, when it declares any (docs/guide/conditional-requests.md, "Conditional requests"). */
  readonly conditional?: ConditionalModel;
}

/** Where the version goes, the plugin entry's `versioning` (docs/guide/versions.md, "Where the version goes"). */
export type VersioningModel = { readonly in: "path" } | { readonly in: "header"; readonly header: string };

/** A deprecated route: the headers its answers carry, each only when known. */
export interface LifecycleModel {
  /** `Deprecation` (RFC 9745): `@` and the Unix seconds of the `@deprecated` tag's date. */
  readonly deprecation?: string;
  /** `Sunset` (RFC 8594): `@Sunset`'s date as an HTTP-date. */
  readonly sunset?: string;
  /** `@Sunset`'s `successor`, sent as `Link: <successor>; rel="successor-version"`. */
  readonly successor?: string;
}

/** How a `Paged<T>` route is paged: by offset or by cursor, and the page sizes its `limit` allows and defaults to. */
export interface PagingModel {
  readonly kind: "offset" | "cursor";
  /** `Max` of `OffsetPaging<Max>`: the largest `limit`. */
  readonly max: number;
  /** The `limit` of a request without one: the handler's literal default (`{ limit = 20 }`), else `max`. */
  readonly size: number;
}

/** What a route declares of conditional requests: where its validators come from, and its Cache-Control. */
export interface ConditionalModel {
  /** The `From<R>` parameter whose resolver gives the validators, checked before the handler runs. */
  readonly validator?: ResolverParameterModel & { readonly validators: ValidatorKinds };
  /** `@BodyETag()`: a strong ETag of the JSON answered, compared after the handler ran (GET only). */
  readonly bodyETag: boolean;
  /** `@CacheControl("...")`'s directives, as written. */
  readonly cacheControl?: string;
}

/** The validators a resolver's type says it may give. */
export interface ValidatorKinds {
  readonly etag: boolean;
  readonly lastModified: boolean;
}

/** A route's `@RateLimit({ limit, window, by? })`, checked. */
export interface RateLimitModel {
  /** The requests each window allows, from 1. */
  readonly limit: number;
  /** The window's length in ms. */
  readonly window: number;
  /** `by`: the resolver whose value keys the count; without it, the client address does. */
  readonly by?: RateLimitKeyModel;
}

/** The `by` resolver of a `@RateLimit`, called as a `From<R>` parameter's is. */
export interface RateLimitKeyModel {
  readonly component: ValueReference;
  readonly declaration: ts.ClassDeclaration;
  readonly className: string;
  readonly synchronous: boolean;
  /** `by`'s value as written, where diagnostics about it point. */
  readonly node: ts.Expression;
}

/** A `@Socket(path)` route's `Connection<In, Out>` (docs/guide/websockets.md, "WebSocket routes"). */
export interface SocketModel {
  /** `In`: each message the client sends, checked as a `Json<In>` body is. */
  readonly incoming: JsonShape;
  /** `Out`: each message `send` writes, as a `Json<Out>` response is. */
  readonly outgoing: JsonShape;
}

export type HandlerParameterModel =
  | { readonly kind: "path"; readonly values: readonly PathValueModel[]; readonly tuple: boolean }
  /** `name` is the parameter as written, which a `@param` tag describes. */
  /** `alias`: the type alias the `Json<T>` names a shape without a table entry by (`BulkDto` for `NewItem[] & MinItems<1>`), for generated names. */
  | { readonly kind: "body"; readonly shape: JsonShape; readonly name: string; readonly alias?: string }
  | { readonly kind: "context" }
  /** A socket route's `Connection<In, Out>`: the open WebSocket, whose messages `RouteModel.socket` describes. */
  | { readonly kind: "connection" }
  | ResolverParameterModel
  | InputParameterModel;

/** What a generated reader reads: a fresh object of `T`'s declared properties, each read from text (or, in a form, a file). */
export interface InputReaderModel {
  readonly source: ReadSource;
  /** `T` as the program names it (`ArticleFilter`), for the reader's generated name. */
  readonly typeName: string;
  readonly properties: readonly InputPropertyModel[];
}

/** A `Query<T>`, `Header<T>`, `Cookie<T>` or `Form<T>` parameter. */
export interface InputParameterModel extends InputReaderModel {
  readonly kind: "input";
  readonly source: InputSource;
}

export interface InputPropertyModel {
  /** The key, header or cookie name: `limit`, `x-request-id`. */
  readonly name: string;
  readonly optional: boolean;
  /** `T[]`: every value of a repeated key (or the items of a header's list). */
  readonly array: boolean;
  readonly type: InputValueType;
  /** Constraint types each value meets once parsed (docs/guide/constraints.md, "Constraints"). */
  readonly constraints?: readonly Constraint[];
  /** Constraint types on the array as a whole: `string[] & MaxItems<10>`. */
  readonly arrayConstraints?: readonly Constraint[];
  /** The property's doc comment, for the parameter's description. */
  readonly doc?: DocComment;
  /** The handler's literal default for an absent key (`{ offset = 0 }: Query<Filter>`), for the parameter's `default`. */
  readonly default?: string | number | boolean;
  /** `Secret<T>` (docs/guide/json-bodies-and-responses.md, "Secrets"): a fault never shows its value; `writeOnly` in the document. */
  readonly secret?: boolean;
  /** An `Env<T>` variable's default as its variable would be written (`PORT = 3000` in a class: `"3000"`), read and checked when it is not set. */
  readonly defaultText?: string;
}

/** A type written as text, or, in a `Form<T>` only, the Web `File` of a multipart part sent with a filename. */
export type InputValueType = PathValueType | { readonly kind: "file" };

/**
 * A `From<R>` parameter: the awaited result of `resolve(c)` on the app's
 * instance of component `R`. A result that may be `undefined` reaches the
 * handler as it is; its type (`From<R>`) already says so.
 */
export interface ResolverParameterModel {
  readonly kind: "resolver";
  /** The resolver class `R`, as the controller's file reaches it. */
  readonly component: ValueReference;
  /** The class itself, which the dependency checks follow as a component. */
  readonly declaration: ts.ClassDeclaration;
  /** The parameter, where diagnostics about its resolver point. */
  readonly node: ts.ParameterDeclaration;
  /** The class's name, which names its security scheme. */
  readonly className: string;
  /** `resolve` may give undefined: the request may come without what it resolves. */
  readonly optional: boolean;
  /** `resolve` returns no promise (its declared return type has no `then`): the handler calls it without awaiting. */
  readonly synchronous: boolean;
  /** The OpenAPI security scheme the class declares (`static readonly securityScheme`), as plain JSON. */
  readonly securityScheme?: Readonly<Record<string, unknown>>;
  /** `static readonly securitySchemeName`: the scheme's name in the document, which resolvers with one scheme share. */
  readonly securitySchemeName?: string;
  /** `resolve` gives an `ETag`, a `LastModified` or `{ etag?, lastModified? }`: the route's validators (docs/guide/conditional-requests.md, "Conditional requests"). */
  readonly validators?: ValidatorKinds;
}

export interface PathValueModel {
  /** The placeholder's name, `id` for `{id}`. */
  readonly name: string;
  readonly type: PathValueType;
}

export type PathValueType =
  | { readonly kind: "i64" }
  | { readonly kind: "number" }
  | { readonly kind: "string" }
  | { readonly kind: "boolean" }
  /** `Date`: an RFC 3339 date-time (docs/guide/query-headers-cookies.md, "Dates"). */
  | { readonly kind: "date" }
  | { readonly kind: "literals"; readonly values: readonly (string | number)[] };

/** What a handler may return, from its declared return type: any of `Json<T, S>`, `StatusCode`, `Response`; or a stream. */
export interface ResponseModel {
  /** `Json<T>` or `Json<T, S>`: the shape written, and `S` (undefined for `Json<T>`: the context's status, 200 by default). */
  readonly json: { readonly shape: JsonShape; readonly status: number | undefined } | undefined;
  /** `StatusCode` or an exact status (`204`): a number returned is sent as a status, without a body. */
  readonly status: boolean;
  /** The statuses a number returned can be, when the return type names them (`Promise<204>`, `201 | 204`) and not `StatusCode`. */
  readonly exactStatuses?: readonly number[];
  /** `Response`: a Response the handler built is sent as it is. */
  readonly response: boolean;
  /** `Sse<T>` or `Ndjson<T>` (or a Promise of one): the AsyncIterable the handler returns is streamed, alone (`json`, `status` and `response` unset). */
  readonly stream?: StreamModel;
  /** `Download<Type>` (a Promise of one): a file answer, alone (`json`, `status` and `response` unset) (docs/guide/files.md, "Files"). */
  readonly download?: DownloadModel;
  /** `Paged<T>`, alone: `json` is `T[]`, the page's items, sent with `Link` headers to the other pages (RouteModel's `paging`). */
  readonly paged?: boolean;
  /**
   * The error answers the return type declares, by status (docs/guide/errors.md, "Errors a route declares"):
   * `HttpError<S, X>` (in the app's error format) and bare statuses from 400 (without a body; not in `exactStatuses`).
   */
  readonly errors?: readonly DeclaredErrorModel[];
}

/** A file answer: the media types its `Download<Type>` declares (`application/octet-stream` when left out). */
export interface DownloadModel {
  readonly mediaTypes: readonly string[];
}

/** One error answer a handler declares: `HttpError<404>`, `HttpError<409, { field: string }>`, or a bare `401`. */
export interface DeclaredErrorModel {
  /** The status honest answers with, before the app's error format: 400 to 599. */
  readonly status: number;
  /** `HttpError<S>`: a problem document (or the error format's entry for S); false for a bare status, without a body. */
  readonly body: boolean;
  /** `X` of `HttpError<S, X>`: the members the problem document carries besides the standard ones. */
  readonly extensions?: JsonShape;
}

/** A streamed response (docs/guide/streams.md, "Streams"): how its items are sent, and what each is. */
export interface StreamModel {
  /** `Sse<T>`: server-sent events, `text/event-stream`; `Ndjson<T>`: one JSON text a line, `application/x-ndjson`. */
  readonly format: "sse" | "ndjson";
  /** The JSON each item writes: `T`, or for `SseEvent` items their `data` (the union of each event's, for several). */
  readonly item: JsonShape;
  /** `Sse<SseEvent<Data, Name>>`, or a union of them: each event as declared, so items carry their name, id and retry. */
  readonly events?: readonly SseEventModel[];
}

/** One `SseEvent<Data, Name>` of an `Sse<T>`'s items. */
export interface SseEventModel {
  /** `Name` when it is one or more string literals; undefined for `string`, any name (or none, a "message" event). */
  readonly names: readonly string[] | undefined;
  readonly data: JsonShape;
}

/**
 * What a `Json<T>` type means as JSON, for validators and serializers.
 * Object types (and recursive unions or arrays) are named shapes in the
 * program's table, so recursion and reuse are references by id.
 */
export type JsonShape =
  | { readonly kind: "string"; readonly constraints?: readonly Constraint[] }
  | { readonly kind: "number"; readonly constraints?: readonly Constraint[] }
  | { readonly kind: "boolean" }
  | { readonly kind: "null" }
  /** `bigint` and `i64`: a JSON integer in the signed 64-bit range. */
  | { readonly kind: "bigint" }
  /** `Date`: an RFC 3339 date-time string in JSON, a Date in JavaScript (docs/guide/json-bodies-and-responses.md, "Dates"). */
  | { readonly kind: "date" }
  /** `unknown` and `any`: any JSON value, taken as it is. */
  | { readonly kind: "unknown" }
  | { readonly kind: "literal"; readonly value: string | number | boolean }
  | { readonly kind: "array"; readonly element: JsonShape; readonly constraints?: readonly Constraint[] }
  | TupleShape
  | ObjectShape
  /** `alias`: the type alias that names the union (`type Payment = Card | Cash`), for generated names. */
  | { readonly kind: "union"; readonly members: readonly JsonShape[]; readonly alias?: string }
  | { readonly kind: "reference"; readonly id: number };

/**
 * A constraint type intersected with a string, number, array or object
 * (docs/guide/constraints.md, "Constraints"), its argument checked by analysis: lengths and
 * item counts are whole numbers, a pattern compiles with the `u` flag.
 */
export type Constraint =
  | { readonly kind: "minLength" | "maxLength" | "minItems" | "maxItems" | "minProperties" | "maxProperties"; readonly value: number }
  | { readonly kind: "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf"; readonly value: number }
  | { readonly kind: "pattern"; readonly source: string }
  | { readonly kind: "format"; readonly format: StringFormat }
  | { readonly kind: "integer" };

export interface TupleShape {
  readonly kind: "tuple";
  readonly elements: readonly JsonShape[];
  /** Elements before this index are required; the rest of `elements` are optional. */
  readonly required: number;
  /** The type of any further elements (`[A, ...B[]]`). */
  readonly rest: JsonShape | undefined;
}

export interface ObjectShape {
  readonly kind: "object";
  readonly properties: readonly PropertyShape[];
  /** The type of every other key (`Record<string, T>`, `[key: string]: T`). */
  readonly additional: JsonShape | undefined;
  /** Methods of a class type: not data, so not read or written. */
  readonly methods: readonly string[];
  /** `MinProperties<N>`, `MaxProperties<N>` on the type (`Partial<User> & MinProperties<1>`). */
  readonly constraints?: readonly Constraint[];
}

export interface PropertyShape {
  readonly name: string;
  readonly optional: boolean;
  readonly shape: JsonShape;
  /** The property's doc comment, for its schema's description. */
  readonly doc?: DocComment;
  /** `Secret<T>` (docs/guide/json-bodies-and-responses.md, "Secrets"): no fault shows its value; `writeOnly` in a body's schema. */
  readonly secret?: boolean;
}

export interface NamedShape {
  readonly id: number;
  /** The type's name as the program writes it (`Item`, `Page<Item>`), for generated names and schema names. */
  readonly name: string;
  /** The type alias a `Json<T>` names it by, when the type itself has another name (`PatchDto` for `Partial<UpdateDto>`), for generated names. */
  readonly alias?: string;
  readonly shape: JsonShape;
  /** Whether the shape reaches itself, so its code must bound its nesting depth. */
  readonly recursive: boolean;
  /** The type's doc comment, for its schema's description. */
  readonly doc?: DocComment;
}

export type ShapeTable = readonly NamedShape[];

/** A class with `Inject<T>` or `Current<T>` fields, or marked `@PerRequest()` (docs/guide/request-scope.md, "Work that lives for one request"). */
export interface InjectableModel {
  readonly node: ts.ClassDeclaration;
  readonly fileName: string;
  readonly className: string;
  readonly injections: readonly InjectionModel[];
  /** `@PerRequest()`: built for each request that reads it. */
  readonly perRequest?: boolean;
  /** Its `Env<T>` fields (docs/guide/configuration.md, "Configuration"). */
  readonly envFields: readonly EnvFieldModel[];
  /** Its `Topic<T>` fields (docs/guide/topics.md, "Topics"). */
  readonly topicFields: readonly TopicFieldModel[];
}

/** A `Topic<T>` field: its topic's name, and `T`, written and read as JSON. */
export interface TopicFieldModel {
  readonly field: string;
  /** `Name` of `Topic<T, Name>`, or `Class.field`. */
  readonly topic: string;
  readonly shape: JsonShape;
  /** `T` as written, for the message when another field gives the name another type. */
  readonly written: string;
}

/** A class with `@Every` or `@Cron` methods (docs/guide/scheduled-work.md, "Scheduled work"). */
export interface ScheduledClassModel {
  readonly node: ts.ClassDeclaration;
  readonly fileName: string;
  readonly className: string;
  /** Whether another module can import the class (createApp() must, to build it). */
  readonly exported: boolean;
  readonly jobs: readonly ScheduledJobModel[];
}

/** One scheduled method: `@Every` with its interval in ms and as written (`"30s"`, or `"30000ms"` for 30000), or `@Cron` with its expression. */
export type ScheduledJobModel =
  | { readonly member: string; readonly kind: "every"; readonly interval: number; readonly written: string }
  | { readonly member: string; readonly kind: "cron"; readonly expression: string };

/** An `Env<T>` field: its variables, read as a `Query<T>`'s keys are, and listed by `honest check --env`. */
export interface EnvFieldModel {
  readonly field: string;
  readonly reader: InputReaderModel & { readonly source: "env" };
  readonly variables: readonly EnvVariableModel[];
}

/** One variable as `honest check --env` lists it. */
export interface EnvVariableModel {
  readonly name: string;
  /** The property's type as written, without `Secret<...>`: `number & Integer & Minimum<1>`. */
  readonly type: string;
  readonly optional: boolean;
  /** The default as written in the source (`3000`, `"info"`); the listing shows that a secret has one, never what it is. */
  readonly default?: string;
  readonly secret: boolean;
  /** Where the property is declared, relative paths being the command's business: file and 1-based line. */
  readonly fileName: string;
  readonly line: number;
}

export interface InjectionModel {
  readonly field: string;
  readonly component: ValueReference;
  /** A `Current<T>` field: it reads this request's instance of `T` each time it is used. */
  readonly current?: boolean;
}

/** How code in a given file reaches a class value. */
export type ValueReference =
  | { readonly kind: "local"; readonly name: string }
  | { readonly kind: "module"; readonly specifier: string; readonly exportPath: readonly string[] };

/** The app's own error format (docs/guide/errors.md, "An error format the document shows"). */
export interface ErrorFormatModel {
  readonly entries: readonly ErrorFormatEntryModel[];
}

/** One renderError entry: `400: (problem): Json<ErrorBody, 422> => ...`. */
export interface ErrorFormatEntryModel {
  /** The status honest would answer with (`"400"`), or `"default"` for every status without an entry. */
  readonly key: string;
  /** `S` of `Json<T, S>` (or of a bare `S`), the status sent instead; undefined keeps the problem's. */
  readonly status: number | undefined;
  /** The body's shape; undefined for an entry whose result is a bare status (`401: (): 401 => 401`), answered without a body. */
  readonly shape: JsonShape | undefined;
}

export interface CreateAppCallModel {
  readonly node: ts.CallExpression;
  /** The discovered controllers, as seen from the call's file. */
  readonly controllers: readonly ValueReference[];
  /** The classes with scheduled methods, as seen from the call's file: the app builds each (docs/guide/scheduled-work.md, "Scheduled work"). */
  readonly scheduled: readonly ValueReference[];
  /** The call's options may ask for `openapi`, so it is given the document (docs/guide/openapi-and-clients.md, "OpenAPI and clients"). */
  readonly servesOpenapi: boolean;
}
