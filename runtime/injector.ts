import { injectionsOf } from "./injections.js";

/** `[Component, instance]`: use `instance` wherever `Inject<Component>` is asked for. */
export type Provider<T = unknown> = readonly [component: abstract new (...args: never) => T, instance: T];

type Constructor = new () => object;

/** Why the application could not be built, with the chain of fields that led there. */
export class InjectionError extends Error {
  constructor(message: string) {
    super(`honest: ${message}`);
    this.name = "InjectionError";
  }
}

/**
 * One instance per component per application: created with `new T()`, then
 * its `Inject` fields filled, depth first. Providers replace components.
 */
export class Injector {
  readonly #instances = new Map<Function, unknown>();
  /** The classes being built right now, outermost first, each with the field it is filling. */
  readonly #path: { readonly component: Function; field: string }[] = [];

  constructor(providers: readonly Provider[] = []) {
    for (const [component, instance] of providers) {
      if (typeof component !== "function") {
        throw new InjectionError(`a provider must be a pair [ComponentClass, instance]; got ${describe(component)} as the class`);
      }
      this.#instances.set(component, instance);
    }
  }

  /** The application's instance of `component`, building it and its dependencies on first use. */
  get<T>(component: abstract new (...args: never) => T): T {
    return this.#resolve(component) as T;
  }

  #resolve(component: unknown): unknown {
    if (typeof component !== "function") {
      throw new InjectionError(
        `missing component at ${this.#chain(0)}: the field's class is ${describe(component)} at run time ` +
          `(an import cycle between modules can cause this; break it, or provide the instance with createApp({ providers }))`,
      );
    }
    if (this.#instances.has(component)) return this.#instances.get(component);
    const cycleStart = this.#path.findIndex((step) => step.component === component);
    if (cycleStart !== -1) {
      throw new InjectionError(
        `dependency cycle: ${this.#chain(cycleStart)} → ${component.name}; break it, or provide one of these components with createApp({ providers })`,
      );
    }
    if (component.length > 0) {
      throw new InjectionError(
        `${component.name} cannot be built with new ${component.name}() (its constructor declares ${component.length} parameter(s))` +
          `${this.#path.length > 0 ? `, needed by ${this.#chain(0)}` : ""}; ` +
          `declare its dependencies as Inject<T> fields, or provide an instance with createApp({ providers: [[${component.name}, instance]] })`,
      );
    }
    // An error anywhere below abandons the whole injector, so the path needs no unwinding then.
    const instance = new (component as Constructor)() as Record<string, unknown>;
    const step = { component, field: "" };
    this.#path.push(step);
    for (const [field, dependency] of injectionsOf(component)) {
      step.field = field;
      instance[field] = this.#resolve(dependency());
    }
    this.#path.pop();
    this.#instances.set(component, instance);
    return instance;
  }

  /** `A.b → B.c`: the fields being filled, from the `from`-th class on. */
  #chain(from: number): string {
    return this.#path
      .slice(from)
      .map((step) => `${step.component.name}.${step.field}`)
      .join(" → ");
  }
}

function describe(value: unknown): string {
  return value === undefined ? "undefined" : value === null ? "null" : typeof value === "function" ? value.name : typeof value;
}
