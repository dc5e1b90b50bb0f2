// Which function a route calls on its controller instance. For a handler that
// never awaits, the transformer adds a copy without `async` (`copy`) and the
// route calls it to answer in the same turn; an instance that replaces the
// handler (a provider's subclass or test double) is called instead, its result
// made a promise so the generated code knows to wait for it.

type Method = (this: unknown, ...args: never[]) => unknown;

export function routeMethod(instance: object, controller: Function, member: string, copy: string): Method {
  const prototype = controller.prototype as Record<string, Method>;
  const own = (instance as Record<string, Method>)[member];
  if (own === prototype[member] && typeof prototype[copy] === "function") return prototype[copy];
  return async function (this: unknown, ...args: never[]) {
    return own!.apply(this, args);
  };
}
