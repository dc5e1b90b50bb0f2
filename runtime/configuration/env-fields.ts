import type { InputReaderFunction } from "../inputs/input-reader.js";

// The `Env<T>` fields of a class, recorded by the transformer: field name and
// the reader generated for `T` (docs/guide/configuration.md, "Configuration").
// The injector fills them when it builds the class, after its Inject fields.

export type EnvField = readonly [field: string, read: InputReaderFunction<unknown>];

const envFieldsKey = Symbol.for("honest.env");

export function defineEnvFields(target: Function, fields: readonly EnvField[]): void {
  Object.defineProperty(target, envFieldsKey, { value: fields });
}

/** The `Env<T>` fields of `target` and of the classes it extends, base classes first. */
export function envFieldsOf(target: Function): readonly EnvField[] {
  const own = Object.hasOwn(target, envFieldsKey) ? (target as unknown as Record<symbol, readonly EnvField[]>)[envFieldsKey]! : [];
  const base: unknown = Object.getPrototypeOf(target);
  return typeof base === "function" && base !== Function.prototype ? [...envFieldsOf(base), ...own] : own;
}
