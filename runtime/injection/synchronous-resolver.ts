import type { Context } from "hono";
import type { Resolver } from "../declarations/markers.js";

// A resolver whose declared `resolve` returns no promise is called without
// `await`, so that a route whose resolvers and handler are synchronous
// answers in the same turn (docs/guide/resolvers.md, "Resolvers"). A
// replacement given as a provider (a test double) is held to that: an async
// one is refused when the app is built, and one that returns a promise
// anyway fails that request naming the fix, rather than handing the handler
// a promise for a user.

/** The app's resolver `instance` of class `declared`, whose own `resolve` returns no promise. */
export function synchronousResolver<R extends Resolver>(instance: R, declared: abstract new (...args: never) => R): Resolver {
  const own = (declared.prototype as Resolver).resolve;
  if (instance.resolve === own) return instance;
  const fix =
    `${declared.name}.resolve returns no promise, so routes call it without await: ` +
    `give the replacement a synchronous resolve (\`resolve: () => user\`), or declare ${declared.name}.resolve async`;
  if (instance.resolve?.constructor?.name === "AsyncFunction") {
    throw new Error(`honest: the provider of ${declared.name} has an async resolve(); ${fix}.`);
  }
  return {
    resolve(c: Context) {
      const value = instance.resolve(c);
      if (value instanceof Promise) throw new Error(`honest: the provider of ${declared.name} answered resolve() with a promise; ${fix}.`);
      return value;
    },
  };
}
