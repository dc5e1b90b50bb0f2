// The `Inject<T>` and `Current<T>` fields of a class, recorded by the
// transformer: field name and a thunk for the component class (a thunk, so
// that import cycles between modules resolve by the time the application is
// built), and "current" for a `Current<T>` field, which reads this request's
// instance each time it is used (docs/guide/request-scope.md, "Work that lives for one request").

export type Injection = readonly [field: string, component: () => unknown, kind?: "current"];

const injectionsKey = Symbol.for("honest.injections");

export function defineInjections(target: Function, injections: readonly Injection[]): void {
  Object.defineProperty(target, injectionsKey, { value: injections });
}

/** The injections of `target` and of the classes it extends, base classes first. */
export function injectionsOf(target: Function): readonly Injection[] {
  const own = Object.hasOwn(target, injectionsKey) ? (target as unknown as Record<symbol, readonly Injection[]>)[injectionsKey]! : [];
  const base: unknown = Object.getPrototypeOf(target);
  return typeof base === "function" && base !== Function.prototype ? [...injectionsOf(base), ...own] : own;
}
