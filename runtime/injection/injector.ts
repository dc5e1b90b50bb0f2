import { type Injection, injectionsOf } from "./injections.js";
import { isPerRequest } from "./per-request.js";
import { type AppComponents, installCurrent } from "./request-scope.js";
import { envFieldsOf } from "../configuration/env-fields.js";
import { VariableReads } from "../configuration/variable-reads.js";
import { AppTopics } from "../topics/app-topics.js";
import { topicFieldsOf } from "../topics/topic-fields.js";
import { type AppLog, textLog } from "../telemetry/app-log.js";

/** `[Component, instance]`: use `instance` wherever `Inject<Component>` is asked for. */
export type Provider<T = unknown> = readonly [component: abstract new (...args: never) => T, instance: T];

type Constructor = new () => object;

/** Why the application could not be built, with the chain of fields that led there. */
export class InjectionError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(`honest: ${message}`, options);
    this.name = "InjectionError";
  }
}

interface BuiltComponent {
  readonly component: Function;
  readonly instance: object;
  /** The chain of fields that first needed it, as in "building A.b → B.c" (empty for a controller). */
  readonly neededBy: string;
  /** The classes that first needed it, then its own: "ItemController → ItemStore → Database", its health check's name. */
  readonly reachedAs: string;
}

/** A component with a `healthCheck()` method, named by the dependency path that first built it (docs/guide/health.md, "Checks"). */
export interface CheckedComponent {
  readonly name: string;
  readonly instance: object;
  readonly healthCheck: (this: object) => unknown;
}

/**
 * One instance per component per application: created with `new T()`, then
 * its `Inject` fields filled, depth first, and its `Current` fields made to
 * read this request's instance (request-scope.ts). Providers replace
 * components; an instance given for a `@PerRequest()` class serves as every
 * request's (docs/guide/request-scope.md, "In tests").
 */
export class Injector implements AppComponents {
  readonly #instances = new Map<Function, unknown>();
  /** The components this injector built, each after the components it depends on. */
  readonly #built: BuiltComponent[] = [];
  /** How many of #built have passed init(): each one's init has finished, or it has none. */
  #initialized = 0;
  /** Set once an init() failed: that component and those after it are never initialized, so never closed. */
  #initFailed = false;
  readonly #provided = new Set<Function>();
  /** Provided instances already counted among #built, to be started and closed with what the injector built. */
  readonly #providedStarted = new Set<Function>();
  /** Per-request components whose app-wide dependencies have been built. */
  readonly #prepared = new Set<Function>();
  /** Components something asked for, provided ones included. */
  readonly #wanted = new Set<Function>();
  /** The classes being built right now, outermost first, each with the field it is filling. */
  readonly #path: { readonly component: Function; field: string }[] = [];

  /** Where `Env<T>` fields are read: the app's environment (configuration/variable-reads.ts). */
  readonly #variables: VariableReads;
  /** What `Topic<T>` fields hold: the app's topics (topics/app-topics.ts). */
  readonly #topics: AppTopics;

  constructor(
    providers: readonly Provider[] = [],
    variables: VariableReads = new VariableReads(undefined),
    topics = new AppTopics(),
    /** Where the app's lines go: request scopes log a close() that failed there. */
    readonly log: AppLog = textLog(),
  ) {
    this.#variables = variables;
    this.#topics = topics;
    for (const [component, instance] of providers) {
      if (typeof component !== "function") {
        throw new InjectionError(`a provider must be a pair [ComponentClass, instance]; got ${describe(component)} as the class`);
      }
      if (instance === null || (typeof instance !== "object" && typeof instance !== "function")) {
        throw new InjectionError(
          `the provider for ${component.name} gives ${describe(instance)}; give an instance: createApp({ providers: [[${component.name}, instance]] })`,
        );
      }
      if (typeof instance === "function") {
        throw new InjectionError(
          `the provider for ${component.name} gives the class ${instance.name || "(anonymous)"}, not an instance of it; ` +
            `write [${component.name}, new ${instance.name || component.name}()]`,
        );
      }
      this.#instances.set(component, instance);
      this.#provided.add(component);
    }
  }

  /**
   * What the app itself gives for `component` (the app's Logger): held like a provided instance, but neither a
   * provider to be used nor a component to start and close.
   */
  holdOwn(component: Function, instance: object): void {
    if (!this.#instances.has(component)) this.#instances.set(component, instance);
  }

  /** Whether anything built so far asked for `component`. */
  wants(component: Function): boolean {
    return this.#wanted.has(component);
  }

  /** The application's instance of `component`, building it and its dependencies on first use. */
  get<T>(component: abstract new (...args: never) => T): T {
    if (isPerRequest(component)) {
      throw new InjectionError(
        `${component.name} is a @PerRequest() component, built for each request, so it cannot be a controller or a resolver, ` +
          `which the app builds once; make it an app-wide class, and read this request's instance in it through a Current<T> field`,
      );
    }
    return this.#resolve(component) as T;
  }

  appWide(component: Function): unknown {
    return this.#resolve(component);
  }

  providedFor(component: Function): object | undefined {
    return this.#provided.has(component) ? (this.#instances.get(component) as object) : undefined;
  }

  #resolve(component: unknown): unknown {
    if (typeof component !== "function") {
      throw new InjectionError(
        `missing component at ${this.#chain(0)}: the field's class is ${describe(component)} at run time ` +
          `(an import cycle between modules can cause this; break it, or provide the instance with createApp({ providers }))`,
      );
    }
    this.#wanted.add(component);
    if (this.#instances.has(component)) {
      if (this.#provided.has(component) && !this.#providedStarted.has(component)) {
        // Started and closed with the rest, as a dependency of what needs it: a pool built by hand is closed at shutdown.
        this.#providedStarted.add(component);
        this.#fillTopics(this.#instances.get(component) as Record<string, unknown>, true);
        this.#built.push({
          component,
          instance: this.#instances.get(component) as object,
          neededBy: this.#chain(0),
          reachedAs: this.#classes(component),
        });
      }
      return this.#instances.get(component);
    }
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
    const instance = this.#construct(component as Constructor);
    this.#eachField(component, (field, dependency, kind) => {
      const target = dependency();
      if (kind === "current") {
        this.#prepare(target, `${component.name}.${field}`);
        installCurrent(instance, field, dependency, component.name);
      } else if (isPerRequest(target)) {
        throw new InjectionError(
          `${component.name}.${field} holds ${(target as Function).name}, which lives for one request, in an Inject<T> field of a component ` +
            `the app builds once; write \`declare readonly ${field}: Current<${(target as Function).name}>\`, which reads this request's instance`,
        );
      } else instance[field] = this.#resolve(target);
    });
    for (const [field, read] of envFieldsOf(component)) {
      instance[field] = this.#variables.read(read, `${component.name}.${field}`);
    }
    this.#fillTopics(instance, false);
    this.#instances.set(component, instance);
    this.#built.push({ component, instance, neededBy: this.#chain(0), reachedAs: this.#classes(component) });
    return instance;
  }

  /**
   * Builds now the app-wide components that per-request `component` needs, so
   * that they are started and closed with the app, and a request only builds
   * what is its own. `readBy` is the Current<T> field that reaches it.
   */
  #prepare(component: unknown, readBy: string): void {
    if (!isPerRequest(component)) {
      throw new InjectionError(
        `${readBy} is a Current<T> field, which reads this request's instance of a @PerRequest() component, and ` +
          `${describe(component)} is not one; mark it @PerRequest(), or write Inject<T> for the app's one instance`,
      );
    }
    const perRequest = component as Function;
    if (this.#prepared.has(perRequest)) return;
    this.#prepared.add(perRequest);
    if (this.#provided.has(perRequest)) {
      this.#wanted.add(perRequest);
      return;
    }
    // On the path like a built class, so that a failure below names the chain through it: "ItemStore.work → UnitOfWork.database".
    this.#eachField(perRequest, (field, dependency, kind) => {
      const target = dependency();
      if (kind === "current" || isPerRequest(target)) this.#prepare(target, `${perRequest.name}.${field}`);
      else this.#resolve(target);
    });
  }

  /**
   * Calls `fill` for each Inject<T> and Current<T> field of `component`, the
   * class and that field on the path meanwhile, so that a failure below names
   * the chain of fields that led to it.
   */
  #eachField(component: Function, fill: (...injection: Injection) => void): void {
    // An error anywhere below abandons the whole injector, so the path needs no unwinding then.
    const step = { component, field: "" };
    this.#path.push(step);
    for (const injection of injectionsOf(component)) {
      step.field = injection[0];
      fill(...injection);
    }
    this.#path.pop();
  }

  /**
   * Fills the `Topic<T>` fields of `instance`'s class. A provided instance's too, those it left unset: nothing but
   * the app can give it one, and a store built by hand (a test's, a worker's) publishes on the app's topics
   * (docs/guide/topics.md, "Declaring a topic").
   */
  #fillTopics(instance: Record<string, unknown>, provided: boolean): void {
    for (const [field, name, codec] of topicFieldsOf(instance.constructor)) {
      if (provided && instance[field] !== undefined) continue;
      instance[field] = this.#topics.channel(name, codec);
    }
  }

  #construct(component: Constructor): Record<string, unknown> {
    try {
      return new component() as Record<string, unknown>;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new InjectionError(`new ${component.name}() threw${this.#path.length > 0 ? `, building ${this.#chain(0)}` : ""}: ${reason}`, {
        cause: error,
      });
    }
  }

  /** The instance of `component` this injector holds (built or provided), or undefined when nothing asked for it. */
  held<T>(component: abstract new (...args: never) => T): T | undefined {
    return this.#instances.get(component) as T | undefined;
  }

  /**
   * Refuses providers that replace nothing: a class no mounted controller
   * reaches through Inject fields is a provider for the wrong class.
   */
  checkProvidersUsed(): void {
    const unused = [...this.#provided].filter((component) => !this.#wanted.has(component));
    if (unused.length === 0) return;
    const wanted = [...this.#wanted].map((component) => component.name).join(", ");
    throw new InjectionError(
      `createApp({ providers }) replaces ${unused.map((component) => component.name).join(", ")}, which no mounted controller injects; ` +
        `remove ${unused.length === 1 ? "that provider" : "those providers"} or provide the class you meant (the app uses: ${wanted})`,
    );
  }

  /**
   * Calls `init()` once on every component this injector built that has one,
   * dependencies before their dependents, each awaited before the next.
   * Provided instances the app uses count as built, where first needed.
   * It runs synchronously until an init returns a promise: `undefined` means
   * every init has finished (an app with no async init is ready at once);
   * otherwise the promise settles when they have. A failure throws, or
   * rejects with, an InjectionError naming the chain of fields, as a
   * throwing constructor is reported.
   */
  init(): Promise<void> | undefined {
    for (; this.#initialized < this.#built.length; this.#initialized++) {
      const built = this.#built[this.#initialized]!;
      const init = (built.instance as { init?: unknown }).init;
      if (typeof init !== "function") continue;
      let result: unknown;
      try {
        result = init.call(built.instance);
      } catch (error) {
        throw this.#initFailure(built, error);
      }
      if (isThenable(result)) return this.#initAfter(result, built);
    }
    return undefined;
  }

  async #initAfter(pending: PromiseLike<unknown>, built: BuiltComponent): Promise<void> {
    try {
      await pending;
    } catch (error) {
      throw this.#initFailure(built, error);
    }
    this.#initialized++;
    await this.init();
  }

  #initFailure({ component, neededBy }: BuiltComponent, error: unknown): InjectionError {
    this.#initFailed = true;
    const reason = error instanceof Error ? error.message : String(error);
    return new InjectionError(`${component.name}.init() failed${neededBy ? `, building ${neededBy}` : ""}: ${reason}`, { cause: error });
  }

  /**
   * Calls `close()` on every component this injector built that has one,
   * dependents before their dependencies, each awaited before the next.
   * Provided instances the app uses are closed too, and after a failed
   * init() only the components initialized before it are closed (the others
   * never finished starting). Returns the failures.
   */
  async close(): Promise<{ readonly component: Function; readonly error: unknown }[]> {
    const failures: { component: Function; error: unknown }[] = [];
    const started = this.#initFailed ? this.#built.slice(0, this.#initialized) : this.#built;
    for (const { component, instance } of [...started].reverse()) {
      const close = (instance as { close?: unknown }).close;
      if (typeof close !== "function") continue;
      try {
        await close.call(instance);
      } catch (error) {
        failures.push({ component, error });
      }
    }
    return failures;
  }

  /**
   * The components built or provided that have a `healthCheck()` method, each named by the path that first needed it;
   * per-request ones are built for each request, so they have none here.
   */
  healthChecks(): CheckedComponent[] {
    const checked: CheckedComponent[] = [];
    for (const { instance, reachedAs } of this.#built) {
      const healthCheck = (instance as { healthCheck?: unknown }).healthCheck;
      if (typeof healthCheck === "function")
        checked.push({ name: reachedAs, instance, healthCheck: healthCheck as (this: object) => unknown });
    }
    return checked;
  }

  /** `A → B → C`: the classes being built, then `component`. */
  #classes(component: Function): string {
    return [...this.#path.map((step) => step.component.name), component.name].join(" → ");
  }

  /** `A.b → B.c`: the fields being filled, from the `from`-th class on. */
  #chain(from: number): string {
    return this.#path
      .slice(from)
      .map((step) => `${step.component.name}.${step.field}`)
      .join(" → ");
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === "function";
}

function describe(value: unknown): string {
  return value === undefined ? "undefined" : value === null ? "null" : typeof value === "function" ? value.name : typeof value;
}
