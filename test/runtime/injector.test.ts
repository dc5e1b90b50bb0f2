import { describe, expect, it } from "vitest";
import { defineInjections } from "../../runtime/injections.js";
import { InjectionError, Injector } from "../../runtime/injector.js";

// The injector on its own, with injections recorded as the transformer
// records them.

describe("Injector", () => {
  it("reports a field whose class is missing at run time, naming the chain", () => {
    class Controller {}
    class Service {}
    defineInjections(Controller, [["service", () => Service]]);
    defineInjections(Service, [["repository", () => undefined]]);
    const injector = new Injector();
    expect(() => injector.get(Controller)).toThrow(InjectionError);
    expect(() => new Injector().get(Controller)).toThrow(
      "honest: missing component at Controller.service → Service.repository: the field's class is undefined at run time " +
        "(an import cycle between modules can cause this; break it, or provide the instance with createApp({ providers }))",
    );
  });

  it("shares one instance among every class that injects it", () => {
    class Shared {}
    class A {}
    class B {}
    class Root {}
    defineInjections(A, [["shared", () => Shared]]);
    defineInjections(B, [["shared", () => Shared]]);
    defineInjections(Root, [["a", () => A], ["b", () => B]]);
    const root = new Injector().get(Root) as unknown as { a: { shared: object }; b: { shared: object } };
    expect(root.a.shared).toBeInstanceOf(Shared);
    expect(root.a.shared).toBe(root.b.shared);
  });

  it("refuses a provider that is not a [Class, instance] pair", () => {
    expect(() => new Injector([["NotAClass" as never, {}]])).toThrow("honest: a provider must be a pair [ComponentClass, instance]; got string as the class");
  });
});
