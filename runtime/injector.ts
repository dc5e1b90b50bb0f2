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
  /** Classes being built right now, each with the field step that reached it. */
  readonly #building: Function[] = [];
  readonly #steps: string[] = [];

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
        `missing component at ${this.#chain()}: the field's class is ${describe(component)} at run time ` +
          `(an import cycle between modules can cause this; break it, or provide the instance with createApp({ providers }))`,
      );
    }
    if (this.#instances.has(component)) return this.#instances.get(component);
    const cycleStart = this.#building.indexOf(component);
    if (cycleStart !== -1) {
      const cycle = [...this.#steps.slice(cycleStart), component.name].join(" → ");
      throw new InjectionError(`dependency cycle: ${cycle}; break it, or provide one of these components with createApp({ providers })`);
    }
    if (component.length > 0) {
      throw new InjectionError(
        `${component.name} cannot be built with new ${component.name}() (its constructor declares ${component.length} parameter(s))` +
          `${this.#building.length > 0 ? `, needed by ${this.#chain()}` : ""}; ` +
          `declare its dependencies as Inject<T> fields, or provide an instance with createApp({ providers: [[${component.name}, instance]] })`,
      );
    }
    const instance = new (component as Constructor)();
    this.#building.push(component);
    try {
      for (const [field, dependency] of injectionsOf(component)) {
        this.#steps.push(`${component.name}.${field}`);
        (instance as Record<string, unknown>)[field] = this.#resolve(dependency());
        this.#steps.pop();
      }
    } finally {
      this.#building.pop();
    }
    this.#instances.set(component, instance);
    return instance;
  }

  #chain(): string {
    return this.#steps.join(" → ");
  }
}

function describe(value: unknown): string {
  return value === undefined ? "undefined" : value === null ? "null" : typeof value === "function" ? value.name : typeof value;
}
