// Which classes are `@PerRequest()` components (docs/guide/request-scope.md,
// "Work that lives for one request"): the transformer, or the module
// `honest generate` writes, marks each with definePerRequest after its
// declaration. Not inherited: a subclass is per-request when it is marked itself.

const perRequestKey = Symbol.for("honest.perRequest");

export function definePerRequest(target: Function): void {
  if (!Object.hasOwn(target, perRequestKey)) Object.defineProperty(target, perRequestKey, { value: true });
}

export function isPerRequest(target: unknown): boolean {
  return typeof target === "function" && Object.hasOwn(target, perRequestKey);
}
