// What the transformer records on a class after its declaration, for the
// injector to read when it builds the class: its Inject, Env and Topic fields
// (`__honest.defineInjections(ItemStore, [...])`), its scheduled jobs. Kept
// under a Symbol.for key, so that an ES module and a CommonJS copy of honest
// loaded together agree.

export interface ClassRecords<Entry> {
  define(target: Function, entries: readonly Entry[]): void;
  /** The entries of `target` and of the classes it extends, base classes first. */
  of(target: Function): readonly Entry[];
  /** The entries recorded on `target` itself. */
  ownOf(target: Function): readonly Entry[];
}

/** `configurable`: whether a later define may replace the entries (the schedules' may). */
export function classRecords<Entry>(name: string, { configurable = false } = {}): ClassRecords<Entry> {
  const key = Symbol.for(name);
  const ownOf = (target: Function): readonly Entry[] =>
    Object.hasOwn(target, key) ? (target as unknown as Record<symbol, readonly Entry[]>)[key]! : [];
  const of = (target: Function): readonly Entry[] => {
    const base: unknown = Object.getPrototypeOf(target);
    return typeof base === "function" && base !== Function.prototype ? [...of(base), ...ownOf(target)] : ownOf(target);
  };
  return {
    define: (target, entries) => Object.defineProperty(target, key, { value: entries, configurable }),
    of,
    ownOf,
  };
}
