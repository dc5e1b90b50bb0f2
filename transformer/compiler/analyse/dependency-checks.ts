import type ts from "typescript";
import type { HonestMessage } from "../diagnostics.js";
import { messages, withProvidersUnseen } from "../diagnostic-messages.js";
import type { ControllerModel } from "../model.js";
import type { Injection } from "./analyse-injections.js";
import type { AnalysisContext } from "./analysis-context.js";
import type { CompilerFacts } from "../facts/compiler-facts.js";

// What the injector would refuse when the app is built, found at compile
// time across the whole program: a component that `new T()` cannot build
// (its constructor declares parameters) and a dependency cycle, each with the
// chain of fields from a controller that leads to it. A handler's `From<R>`
// parameter makes its controller depend on the resolver R (docs/guide/resolvers.md,
// "Resolvers"), a step written `Controller.handler(parameter)` in the chain.
//
// Either is fine if createApp({ providers }) supplies an instance. Providers
// written as an array literal in every createApp() call are seen, and such a
// component is not reported; where a call's providers cannot be seen (a
// variable, a call's result), the finding is a warning, not an error.

/** One step from a class to a component it needs: an `Inject<T>` field, or a handler's `From<R>` parameter. */
interface Dependency {
  /** The class that needs the component. */
  readonly owner: ts.ClassDeclaration;
  /** How chains name the step after the owner's name: `store`, or `me(user)`. */
  readonly step: string;
  /** Where a finding about the step is reported. */
  readonly node: ts.Node;
  /** The component needed. */
  readonly declaration: ts.ClassDeclaration;
}

export function checkDependencies(
  context: AnalysisContext,
  controllers: readonly ControllerModel[],
  injectionsByClass: ReadonlyMap<ts.ClassDeclaration, readonly Injection[]>,
  createAppCalls: readonly ts.CallExpression[],
  perRequest: ReadonlyMap<ts.ClassDeclaration, ts.Decorator> = new Map(),
): void {
  const { facts, sink } = context;
  const providers = visibleProviders(facts, createAppCalls);
  const report = (node: ts.Node, message: HonestMessage) =>
    providers.complete ? sink.error(node, message) : sink.warning(node, withProvidersUnseen(message));
  const reportedComponents = new Set<ts.ClassDeclaration>();
  const reportedCycles = new Set<string>();
  const controllerOf = new Map(controllers.map((controller) => [controller.node, controller]));
  // Every cycle and unbuildable component reachable from a component is found the first time it is explored, so it is explored
  // once, however many classes need it: the editor runs these checks on every edit (program/incremental-diagnostics.ts).
  const explored = new Set<ts.ClassDeclaration>();
  const unbuildable = new Map<ts.ClassDeclaration, string[] | undefined>();
  /** The steps from the controller being explored to `onPath`'s last class, and the classes along them. */
  const chain: Dependency[] = [];
  const onPath: ts.ClassDeclaration[] = [];

  const visit = (component: ts.ClassDeclaration): void => {
    for (const dependency of dependenciesOf(component)) {
      const target = dependency.declaration;
      if (providers.classes.has(target)) continue;
      chain.push(dependency);
      const start = onPath.indexOf(target);
      if (start !== -1) {
        const cycle = chain.slice(start);
        const key = cycle.map(describeStep).sort().join(" ");
        if (!reportedCycles.has(key)) {
          reportedCycles.add(key);
          const amongPerRequest = cycle.every((step) => perRequest.has(step.owner));
          report(
            dependency.node,
            messages.DependencyCycle({ chain: cycle.map(describeStep), target: className(target), perRequest: amongPerRequest }),
          );
        }
      } else {
        if (!unbuildable.has(target)) unbuildable.set(target, requiredConstructorParameters(facts, target));
        const parameters = unbuildable.get(target);
        if (parameters !== undefined) {
          if (!reportedComponents.has(target)) {
            reportedComponents.add(target);
            report(
              dependency.node,
              messages.UnbuildableComponent({ component: className(target), parameters, chain: chain.map(describeStep) }),
            );
          }
        } else if (!explored.has(target)) {
          onPath.push(target);
          visit(target);
          onPath.pop();
          explored.add(target);
        }
      }
      chain.pop();
    }
  };
  /** A class's Inject fields and its base classes', as the injector fills them, then a controller's resolvers. */
  const dependenciesOf = (component: ts.ClassDeclaration): Dependency[] => {
    const all: Dependency[] = [];
    // A Current<T> field reads its instance when used, so it builds nothing with the class: no step of a cycle.
    for (let current: ts.ClassDeclaration | undefined = component; current; current = baseClass(facts, current))
      for (const injection of injectionsByClass.get(current) ?? []) if (!injection.current) all.push(injectionDependency(injection));
    const controller = controllerOf.get(component);
    if (controller) all.push(...resolverDependencies(controller));
    return all;
  };
  // Per-request components too, which a Current<T> field reaches without a step of its own: they are built per request.
  for (const root of [...controllers.map((controller) => controller.node), ...perRequest.keys()]) {
    if (explored.has(root)) continue;
    onPath.push(root);
    visit(root);
    onPath.pop();
    explored.add(root);
  }
}

function injectionDependency(injection: Injection): Dependency {
  return {
    owner: injection.node.parent as ts.ClassDeclaration,
    step: injection.field,
    node: injection.node,
    declaration: injection.declaration,
  };
}

/** Each controller's resolver steps, made once per controller: the editor runs these checks on every edit. */
const resolverSteps = new WeakMap<ControllerModel, Dependency[]>();

/** The resolvers a controller's handlers take, each as a step from the controller. */
function resolverDependencies(controller: ControllerModel): Dependency[] {
  let steps = resolverSteps.get(controller);
  if (!steps) {
    steps = [];
    for (const route of controller.routes) {
      for (const parameter of route.parameters) {
        if (parameter.kind !== "resolver") continue;
        steps.push({
          owner: controller.node,
          step: `${route.member}(${parameter.node.name.getText()})`,
          node: parameter.node,
          declaration: parameter.declaration,
        });
      }
      // `@RateLimit({ by: R })` calls R's resolve as a From<R> parameter would.
      const by = route.rateLimit?.by;
      if (by) steps.push({ owner: controller.node, step: `${route.member}(@RateLimit by)`, node: by.node, declaration: by.declaration });
    }
    resolverSteps.set(controller, steps);
  }
  return steps;
}

function className(node: ts.ClassDeclaration): string {
  return node.name?.text ?? "(anonymous class)";
}

/** `Repository.db`, `AccountController.me(user)`. */
function describeStep(dependency: Dependency): string {
  return `${className(dependency.owner)}.${dependency.step}`;
}

/**
 * The names of the parameters `new T()` would leave without a value, as the
 * runtime counts them (a function's `length`: those before the first default
 * or rest), in the class's own constructor or the nearest inherited one;
 * undefined for none.
 */
function requiredConstructorParameters(facts: CompilerFacts, node: ts.ClassDeclaration): string[] | undefined {
  for (let current: ts.ClassDeclaration | undefined = node; current; current = baseClass(facts, current)) {
    const declared = current.members.find(
      (member): member is ts.ConstructorDeclaration => facts.syntax.isConstructorDeclaration(member) && member.body !== undefined,
    );
    if (!declared) continue;
    const counted = [];
    for (const parameter of declared.parameters) {
      if (parameter.initializer || parameter.dotDotDotToken) break;
      counted.push(parameter.name.getText());
    }
    return counted.length === 0 ? undefined : counted;
  }
  return undefined;
}

export function baseClass(facts: CompilerFacts, node: ts.ClassDeclaration): ts.ClassDeclaration | undefined {
  const heritage = node.heritageClauses?.find((clause) => facts.syntax.isExtendsClause(clause))?.types[0];
  const symbol = heritage && facts.symbolAt(heritage.expression);
  return symbol && facts.declarations(facts.aliasTarget(symbol)).find(facts.syntax.isClassDeclaration);
}

/** The classes given an instance in createApp({ providers: [[Class, instance], ...] }), and whether every call's providers could be seen. */
function visibleProviders(
  facts: CompilerFacts,
  calls: readonly ts.CallExpression[],
): { readonly classes: ReadonlySet<ts.ClassDeclaration>; readonly complete: boolean } {
  const { syntax } = facts;
  const classes = new Set<ts.ClassDeclaration>();
  let complete = calls.length > 0;
  for (const call of calls) {
    const options = call.arguments[0];
    if (!options) continue;
    if (!syntax.isObjectLiteralExpression(options)) {
      complete = false;
      continue;
    }
    for (const property of options.properties) {
      if (property.name?.getText() !== "providers" && !syntax.isSpreadAssignment(property)) continue;
      if (!syntax.isPropertyAssignment(property) || !syntax.isArrayLiteralExpression(property.initializer)) {
        complete = false;
        continue;
      }
      for (const entry of property.initializer.elements) {
        const provided = syntax.isArrayLiteralExpression(entry) ? entry.elements[0] : undefined;
        const symbol = provided && facts.symbolAt(provided);
        const declaration = symbol && facts.declarations(facts.aliasTarget(symbol)).find(syntax.isClassDeclaration);
        if (declaration) classes.add(declaration);
        else complete = false;
      }
    }
  }
  return { classes, complete };
}
