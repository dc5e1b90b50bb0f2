// Constraint types (docs/guide/constraints.md, "Constraints"): intersected with a string, a
// number, an array or an object type inside a `Json<T>` body (`string & MinLength<1>`), each
// is checked at run time. To the type checker each is an object type whose
// only property is optional and keyed by a symbol no value has, so
// `string & MinLength<1>` is still a string: literals and plain strings are
// assignable to it, and it is assignable to `string`. The transformer
// recognises them by the `@honest constraint` tag, not by name.

declare const minLength: unique symbol;
declare const maxLength: unique symbol;
declare const pattern: unique symbol;
declare const format: unique symbol;
declare const minimum: unique symbol;
declare const maximum: unique symbol;
declare const exclusiveMinimum: unique symbol;
declare const exclusiveMaximum: unique symbol;
declare const multipleOf: unique symbol;
declare const integer: unique symbol;
declare const minItems: unique symbol;
declare const maxItems: unique symbol;
declare const minProperties: unique symbol;
declare const maxProperties: unique symbol;

/** The formats `Format<F>` checks, each by its standard (docs/guide/constraints.md, "Constraints"). */
export type StringFormat = "email" | "uuid" | "uri" | "date-time" | "date" | "password";

/**
 * A string of at least `N` characters, counted as Unicode code points.
 * @honest constraint MinLength
 */
export type MinLength<N extends number> = { readonly [minLength]?: N };

/**
 * A string of at most `N` characters, counted as Unicode code points.
 * @honest constraint MaxLength
 */
export type MaxLength<N extends number> = { readonly [maxLength]?: N };

/**
 * A string in which the regular expression `R` finds a match (anchor it with `^...$` to match the whole string).
 * @honest constraint Pattern
 */
export type Pattern<R extends string> = { readonly [pattern]?: R };

/**
 * A string in the format `F`: an email address, a UUID, a URI, an RFC 3339 date-time or date; or
 * `password`, any string, which the OpenAPI document marks so that documentation pages hide what is typed.
 * @honest constraint Format
 */
export type Format<F extends StringFormat> = { readonly [format]?: F };

/**
 * A number greater than or equal to `N`.
 * @honest constraint Minimum
 */
export type Minimum<N extends number> = { readonly [minimum]?: N };

/**
 * A number less than or equal to `N`.
 * @honest constraint Maximum
 */
export type Maximum<N extends number> = { readonly [maximum]?: N };

/**
 * A number greater than `N`.
 * @honest constraint ExclusiveMinimum
 */
export type ExclusiveMinimum<N extends number> = { readonly [exclusiveMinimum]?: N };

/**
 * A number less than `N`.
 * @honest constraint ExclusiveMaximum
 */
export type ExclusiveMaximum<N extends number> = { readonly [exclusiveMaximum]?: N };

/**
 * A number that is `N` times an integer.
 * @honest constraint MultipleOf
 */
export type MultipleOf<N extends number> = { readonly [multipleOf]?: N };

/**
 * A number without a fractional part.
 * @honest constraint Integer
 */
export type Integer = { readonly [integer]?: true };

/**
 * An array of at least `N` items.
 * @honest constraint MinItems
 */
export type MinItems<N extends number> = { readonly [minItems]?: N };

/**
 * An array of at most `N` items.
 * @honest constraint MaxItems
 */
export type MaxItems<N extends number> = { readonly [maxItems]?: N };

/**
 * An object with at least `N` of its properties present: declared ones given
 * a value, and entries of its index signature (keys it does not declare,
 * which honest drops, do not count). `Partial<User> & MinProperties<1>` is
 * "at least one field".
 * @honest constraint MinProperties
 */
export type MinProperties<N extends number> = { readonly [minProperties]?: N };

/**
 * An object with at most `N` of its properties present, counted as MinProperties counts them.
 * @honest constraint MaxProperties
 */
export type MaxProperties<N extends number> = { readonly [maxProperties]?: N };
