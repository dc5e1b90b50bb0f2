import type { Context } from "hono";
import type { StatusCode } from "./status-code.js";

// Marker types. To the type checker each is just its argument, so handlers use
// the values directly; the transformer recognises them by the `@honest` tag on
// these declarations (not by name) and generates the code they stand for.

/**
 * A 64-bit signed integer: a `bigint` checked to lie in -2^63 .. 2^63-1. In a path, query, header, cookie or
 * form field honest parses decimal digits with an optional `-` (anything else is a 400); in a JSON body it takes a
 * number whose exact value is an integer in range, read without rounding, and a response writes it exactly.
 * @honest i64
 */
export type i64 = bigint;

/**
 * As a handler parameter, the route's `{placeholder}` segments, each parsed as its type before the handler runs:
 * one value (`id: Path<i64>` for `/items/{id}`), or a tuple in path order for several
 * (`[id, n]: Path<[i64, number]>`). A segment that does not parse is answered 400, naming the placeholder
 * (docs/guide/path-parameters.md, "Path parameter types").
 * @honest Path
 */
export type Path<T> = T;

/**
 * As a handler parameter, the request body parsed as JSON and checked against `T` by code generated for `T`,
 * undeclared properties dropped: a content type other than JSON is a 415, a body that is not JSON or not a `T`
 * a 400 listing every fault. As a handler's result (`Promise<Json<T>>`), a JSON response that writes `T`'s declared
 * properties only, with status `S` (`Json<Item, 201>`), or 200 when `S` is left out
 * (docs/guide/json-bodies-and-responses.md, "JSON bodies and responses").
 * @honest Json
 */
// `S` is read from the annotation by the transformer; to the type checker `Json<T, S>` is `T`.
export type Json<T, _S extends StatusCode = 200> = T;

/**
 * A field filled when the app is built with the app's single instance of component `T`: built with `new T()`, its
 * own `Inject` fields filled, or the instance given in `createApp({ providers: [[T, instance]] })`, as in
 * `declare readonly store: Inject<ItemStore>`.
 * @honest Inject
 */
export type Inject<T> = T;

/**
 * A field of an app-wide component or controller that reads, each time it is used, this request's instance of
 * `T`, a `@PerRequest()` component: `declare readonly work: Current<UnitOfWork>`. Read where no request is being
 * handled (a component's `init()` or `close()`, a timer after the answer), it throws an error naming the field
 * (docs/guide/request-scope.md, "Work that lives for one request").
 * @honest Current
 */
export type Current<T> = T;

/**
 * As a handler parameter, the awaited result of `resolve(c)` on the application's instance of component `R`,
 * run after the path is parsed and before the body is read. An `HttpError` that `resolve` throws
 * (`throw new HttpError(401)`) answers the request with its status, and the handler is not called
 * (docs/guide/resolvers.md, "Resolvers").
 * @honest From
 */
export type From<R extends Resolver> = Awaited<ReturnType<R["resolve"]>>;

/** What a `From<R>` parameter's component `R` must have: generated code calls its `resolve` with the request context. */
export interface Resolver {
  resolve(c: Context): unknown;
}

/**
 * As a handler parameter, the query string's keys declared by object type `T`, each parsed as its type
 * (an array takes every value of a repeated key). A required key missing, a single value given twice, or a value
 * that does not parse is a 400 listing every fault (docs/guide/query-headers-cookies.md, "Query strings, headers and cookies").
 * @honest Query
 */
export type Query<T> = T;

/**
 * As a handler parameter, the request headers declared by object type `T`, each parsed as its type. Declare names
 * in lower case; any case the client sends matches. A required header missing, a single value sent twice, or a
 * value that does not parse is a 400 listing every fault (docs/guide/query-headers-cookies.md, "Query strings, headers and cookies").
 * @honest Header
 */
export type Header<T> = T;

/**
 * As a handler parameter, the cookies declared by object type `T`, read from the `cookie` header, each parsed as
 * its type. A required cookie missing, given twice, or that does not parse is a 400 listing every fault
 * (docs/guide/query-headers-cookies.md, "Query strings, headers and cookies").
 * @honest Cookie
 */
export type Cookie<T> = T;

/**
 * As a handler parameter, the request body as a form (`application/x-www-form-urlencoded` or
 * `multipart/form-data`): the fields declared by object type `T`, each parsed as its type, files as Web `File`s.
 * Another content type is a 415; a required field missing, a single value given twice, or a value that does not
 * parse is a 400 listing every fault (docs/guide/forms-and-uploads.md, "Forms and file uploads").
 * @honest Form
 */
export type Form<T> = T;

/**
 * As a handler's declared return type (an `async *` generator's, or a method's that returns an AsyncIterable,
 * or `Promise<Sse<T>>`), server-sent events (`text/event-stream`): each item the iterable gives is one event,
 * its `data:` the JSON of `T` written by code generated for `T` (exact i64s, undeclared properties dropped), or,
 * for items typed `SseEvent<Data, Name>`, an event with its name, id and retry. An idle stream gets a comment
 * line every `createApp({ heartbeat })` ms; a fault ends it with an `error` event (docs/guide/streams.md, "Streams").
 * @honest Sse
 */
export type Sse<T> = AsyncIterable<T>;

/**
 * As a handler's declared return type, newline-delimited JSON (`application/x-ndjson`): each item the iterable
 * gives is one line, the JSON of `T` written by code generated for `T`; a fault ends it with a line
 * `{"error": problem}` (docs/guide/streams.md, "Streams").
 * @honest Ndjson
 */
export type Ndjson<T> = AsyncIterable<T>;

/**
 * An item of `Sse<T>` that names its event: `data` is written as JSON of `Data`, `event` (a name without line
 * breaks: what EventSource's `addEventListener(name)` hears; required when `Name` is given, else a "message" event
 * when left out), `id` (which a reconnecting client sends back as `Last-Event-ID`: the type the route reads that
 * header as is the id's type in the generated client, a bigint for an i64) and `retry` (ms before a client
 * reconnects) as their own lines (docs/guide/streams.md, "Event names, ids and reconnecting").
 * @honest SseEvent
 */
export type SseEvent<Data, Name extends string = string> = {
  readonly data: Data;
  readonly id?: string | number | bigint;
  readonly retry?: number;
} & (string extends Name ? { readonly event?: Name } : { readonly event: Name });

/**
 * A field filled when the app is built with the environment variables declared by object type `T`, each key a
 * variable's name (`PORT`, `DATABASE_URL`), each parsed and checked as a `Query<T>` key is: read once, before
 * anything listens, and frozen. A variable missing, or one that does not parse or meets not its constraints, stops
 * the app from starting, every such variable named at once (docs/guide/configuration.md, "Configuration").
 * @honest Env
 */
export type Env<T> = T;

/**
 * A field of a component that publishes and subscribes to messages of type `T`, as in
 * `declare readonly changes: Topic<ItemChange>`: filled when the app is built, each message written by code
 * generated for `T` (exact i64s, Dates as RFC 3339, undeclared properties dropped) and read back by code generated
 * for `T`, a message that is not a `T` logged and never delivered. The topic's name is `Name` when given
 * (`Topic<ItemChange, "items.changes">`, one topic for every field that names it), else `"Class.field"`. In this
 * process unless the app has a Redis server (`createApp({ redis })`), then shared by every instance given the same
 * server (docs/guide/topics.md, "Topics").
 * @honest Topic
 */
// `Name` is read from the annotation by the transformer; to the type checker every `Topic<T, Name>` is the same.
export interface Topic<T, _Name extends string = never> {
  /**
   * Sends `message` to every subscriber, in this instance and, with Redis, in every other; resolves with its id
   * (1, 2, 3…: one sequence per topic) once it is kept, so a subscriber that comes later with `after` gets it too.
   */
  publish(message: T): Promise<i64>;
  /**
   * The messages published from now on, or, given `after` (the id of the last message a client saw, as an
   * `Sse<T>` route reads it from `Last-Event-ID`), the kept ones after it first: the last 1000 are kept. Ends when
   * `signal` aborts, when the loop that reads it stops, or when the app closes; `after` older than what is kept (or
   * newer than any message) makes it throw `MissedMessages`, a 410, as does a subscriber that falls more than 500
   * messages behind (docs/guide/topics.md, "The window and MissedMessages").
   */
  subscribe(options?: SubscribeOptions): TopicSubscription<T>;
}

/** One message of a `Topic<T>`, with its id. The same object reaches every subscriber of an instance: read it, do not change it. */
export interface TopicMessage<T> {
  readonly id: i64;
  readonly message: T;
}

/** Where a subscription starts and what ends it. */
export interface SubscribeOptions {
  /** The id of the last message already seen: the kept messages after it come first. Left out, from now on. */
  readonly after?: i64;
  /** Ends the subscription when it aborts: `c.req.raw.signal`, which aborts when the client leaves. */
  readonly signal?: AbortSignal;
}

/** What `Topic<T>.subscribe` returns: the messages, iterated once with `for await`, and `ready()`. */
export interface TopicSubscription<T> extends AsyncIterable<TopicMessage<T>> {
  /**
   * Resolves once the subscription has its place, rejects with `MissedMessages` when `after` is outside the window:
   * await it in an async method that returns the stream, to answer 410 before the stream starts.
   */
  ready(): Promise<void>;
}

/**
 * A value that honest never prints, checked as `T`: a `Json<T>` body's property (at any depth) or a `Query<T>`,
 * `Header<T>`, `Cookie<T>` or `Form<T>` field whose value fails its checks is named with what it expected and
 * only the kind of value it got (`a secret string (not shown)`), and is `writeOnly` in the OpenAPI document where
 * only requests carry it (docs/guide/json-bodies-and-responses.md, "Secrets"); an `Env<T>` variable's value is left
 * out of the startup refusal's faults and of `honest check`'s listing (docs/guide/configuration.md, "Secrets").
 * @honest Secret
 */
export type Secret<T> = T;
