import type { Context } from "hono";
import type { StatusCode } from "./status-code.js";

// Marker types. To the type checker each is just its argument, so handlers use
// the values directly; the transformer recognises them by the `@honest` tag on
// these declarations (not by name) and generates the code they stand for.

/**
 * A 64-bit signed integer: a `bigint` checked to lie in -2^63 .. 2^63-1.
 * @honest i64
 */
export type i64 = bigint;

/**
 * The route's `{param}` placeholders, parsed and checked: one value, or a tuple for several.
 * @honest Path
 */
export type Path<T> = T;

/**
 * As a parameter, the request body parsed as JSON and checked against `T`; as
 * a result, a JSON response of type `T`, with status `S` (`Json<Item, 201>`),
 * or 200 when `S` is left out.
 * @honest Json
 */
// `S` is read from the annotation by the transformer; to the type checker `Json<T, S>` is `T`.
export type Json<T, _S extends StatusCode = 200> = T;

/**
 * A field filled at startup with the application's single instance of component `T`.
 * @honest Inject
 */
export type Inject<T> = T;

/**
 * As a handler parameter, the awaited result of `resolve(c)` on the application's instance of component `R`,
 * run after the path is parsed and before the body is read.
 * @honest From
 */
export type From<R extends Resolver> = Awaited<ReturnType<R["resolve"]>>;

/** What a `From<R>` parameter's component `R` must have: generated code calls its `resolve` with the request context. */
export interface Resolver {
  resolve(c: Context): unknown;
}

/**
 * As a handler parameter, the query string's keys declared by object type `T`, each parsed as its type
 * (README, "Query strings, headers and cookies").
 * @honest Query
 */
export type Query<T> = T;

/**
 * As a handler parameter, the request headers declared by object type `T` (lower-case names), each parsed as its type.
 * @honest Header
 */
export type Header<T> = T;

/**
 * As a handler parameter, the cookies declared by object type `T`, each parsed as its type.
 * @honest Cookie
 */
export type Cookie<T> = T;

/**
 * As a handler parameter, the request body as a form (`application/x-www-form-urlencoded` or
 * `multipart/form-data`): the fields declared by object type `T`, each parsed as its type, files as Web `File`s
 * (README, "Forms and file uploads").
 * @honest Form
 */
export type Form<T> = T;
