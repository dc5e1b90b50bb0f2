// The AsyncLocalStorage that carries a request's scope through its awaits,
// so that a `Current<T>` field reads this request's instance
// (docs/guide/request-scope.md, "On each runtime"). The public entry
// "honest" imports no node:* module (it bundles for Workers, Bun and Deno),
// so the class is looked up when an app with a per-request route is built:
// on globalThis (where a runtime or the app put it), else through
// process.getBuiltinModule("node:async_hooks") (Node 20.16+, Bun, Deno, and
// Workers with the nodejs_compat flag).

/** What honest uses of Node's AsyncLocalStorage. */
export interface ScopeStorage<T> {
  getStore(): T | undefined;
  run<R>(store: T, callback: () => R): R;
}

type StorageClass = new <T>() => ScopeStorage<T>;

let found: StorageClass | undefined;

/** A new storage; throws, saying what the runtime needs, where there is no AsyncLocalStorage. */
export function newScopeStorage<T>(needs: string): ScopeStorage<T> {
  found ??= storageClass();
  if (found === undefined) {
    throw new Error(
      `honest: ${needs} needs AsyncLocalStorage, which this runtime does not give: on Cloudflare Workers add ` +
        `compatibility_flags = ["nodejs_compat"] to the Worker's configuration; elsewhere set globalThis.AsyncLocalStorage ` +
        `to the runtime's (docs/guide/request-scope.md, "On each runtime")`,
    );
  }
  return new found<T>();
}

function storageClass(): StorageClass | undefined {
  const global = globalThis as { AsyncLocalStorage?: unknown; process?: { getBuiltinModule?: (id: string) => unknown } };
  if (typeof global.AsyncLocalStorage === "function") return global.AsyncLocalStorage as StorageClass;
  try {
    const hooks = global.process?.getBuiltinModule?.("node:async_hooks") as { AsyncLocalStorage?: unknown } | undefined;
    return typeof hooks?.AsyncLocalStorage === "function" ? (hooks.AsyncLocalStorage as StorageClass) : undefined;
  } catch {
    return undefined;
  }
}

/** A new storage, or undefined where the runtime has none: for what works without it, only less well. */
export function optionalStorage<T>(): ScopeStorage<T> | undefined {
  found ??= storageClass();
  return found === undefined ? undefined : new found<T>();
}
