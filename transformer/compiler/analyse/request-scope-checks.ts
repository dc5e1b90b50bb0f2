import type ts from "typescript";
import { messages } from "../diagnostic-messages.js";
import type { ControllerModel } from "../model.js";
import type { Injection } from "./analyse-injections.js";
import type { AnalysisContext } from "./analysis-context.js";
import { baseClass } from "./dependency-checks.js";

// Work that lives for one request, checked across the program
// (docs/guide/request-scope.md, "Mistakes the build reports"): an app-wide
// class (a controller, a component, a resolver) that holds a @PerRequest()
// component in an Inject<T> field, which would keep one request's instance
// for every request; a Current<T> whose T is not per-request; a Current<T>
// read in init() or close(), where no request exists; a per-request class as
// a controller or a resolver, which the app builds once. And which routes
// can reach a per-request component through the Inject<T> and Current<T>
// fields of their controller and resolvers: only those run in a request
// scope (docs/guide/request-scope.md, "What it costs").

export function checkRequestScope(
  context: AnalysisContext,
  controllers: readonly ControllerModel[],
  injectionsByClass: ReadonlyMap<ts.ClassDeclaration, readonly Injection[]>,
  perRequest: ReadonlyMap<ts.ClassDeclaration, ts.Decorator>,
): Set<ts.MethodDeclaration> {
  const { facts, sink } = context;
  const controllerNodes = new Set(controllers.map((controller) => controller.node));
  for (const [node, decorator] of perRequest) {
    if (controllerNodes.has(node)) sink.error(decorator, messages.RequestScope.perRequestController({ className: className(node) }));
  }
  for (const [owner, injections] of injectionsByClass) {
    const ownerIsPerRequest = perRequest.has(owner);
    for (const injection of injections) {
      const target = injection.declaration;
      const field = `${className(owner)}.${injection.field}`;
      if (injection.current && !perRequest.has(target)) {
        sink.error(injection.type, messages.RequestScope.currentNotPerRequest({ field, component: className(target) }));
      } else if (!injection.current && !ownerIsPerRequest && perRequest.has(target)) {
        sink.error(injection.type, messages.PerRequestHeld({ field, component: className(target), name: injection.field }));
      }
    }
    if (!ownerIsPerRequest) reportReadsWithoutRequest(context, owner, currentFields(owner));
  }

  /** Whether a class's fields (its base classes' too) lead to a per-request component; a class on the path counts as not (a cycle, reported elsewhere). */
  const reaches = new Map<ts.ClassDeclaration, boolean>();
  const reachesScope = (node: ts.ClassDeclaration): boolean => {
    const known = reaches.get(node);
    if (known !== undefined) return known;
    reaches.set(node, false);
    let found = perRequest.has(node);
    for (let current: ts.ClassDeclaration | undefined = node; current && !found; current = baseClass(facts, current)) {
      for (const injection of injectionsByClass.get(current) ?? []) {
        if (reachesScope(injection.declaration)) {
          found = true;
          break;
        }
      }
    }
    reaches.set(node, found);
    return found;
  };
  /** The Current<T> fields a class has, its base classes' included, by name. */
  function currentFields(node: ts.ClassDeclaration): Set<string> {
    const names = new Set<string>();
    for (let current: ts.ClassDeclaration | undefined = node; current; current = baseClass(facts, current)) {
      for (const injection of injectionsByClass.get(current) ?? []) if (injection.current) names.add(injection.field);
    }
    return names;
  }

  const scoped = new Set<ts.MethodDeclaration>();
  for (const controller of controllers) {
    const whole = reachesScope(controller.node);
    for (const route of controller.routes) {
      let reached = whole;
      for (const parameter of route.parameters) {
        if (parameter.kind !== "resolver") continue;
        if (perRequest.has(parameter.declaration)) {
          sink.error(parameter.node, messages.RequestScope.perRequestResolver({ className: className(parameter.declaration) }));
        }
        if (reachesScope(parameter.declaration)) reached = true;
      }
      const by = route.rateLimit?.by;
      if (by && perRequest.has(by.declaration)) {
        sink.error(by.node, messages.RequestScope.perRequestResolver({ className: className(by.declaration) }));
      }
      if (by && reachesScope(by.declaration)) reached = true;
      if (reached) scoped.add(route.declaration);
    }
  }
  return scoped;
}

/** `this.work` in an app-wide class's init() or close(), where `work` is a Current<T> field: no request exists there. */
function reportReadsWithoutRequest(context: AnalysisContext, owner: ts.ClassDeclaration, fields: ReadonlySet<string>): void {
  if (fields.size === 0) return;
  const { syntax } = context.facts;
  for (const member of owner.members) {
    if (!syntax.isMethodDeclaration(member) || !member.body) continue;
    const method = member.name.getText();
    if (method !== "init" && method !== "close") continue;
    const visit = (node: ts.Node): void => {
      if (syntax.isPropertyAccessExpression(node) && node.expression.getText() === "this" && fields.has(node.name.getText())) {
        context.sink.error(
          node,
          messages.RequestScope.noRequest({ field: `${className(owner)}.${node.name.getText()}`, method, component: className(owner) }),
        );
      }
      syntax.forEachChild(node, visit);
    };
    visit(member.body);
  }
}

function className(node: ts.ClassDeclaration): string {
  return node.name?.text ?? "(anonymous class)";
}
