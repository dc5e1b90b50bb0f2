import ts from "typescript";
import type { ControllerModel } from "../model.js";
import type { Nodes } from "./factories/nodes.js";
import { synchronousCopyName } from "../../../runtime/common/route-names.js";

// A route whose handler never awaits (analyse/synchronous-handler.ts) calls a
// copy of it without `async`, added to the class under a reserved name. The
// method itself is left as written, so everything else that calls it still
// gets its promise.

/** The copies to add to the (already rewritten) controller class, one per synchronous route. */
export function synchronousCopies(controller: ControllerModel, rewritten: ts.ClassDeclaration, nodes: Nodes): ts.MethodDeclaration[] {
  const copies: ts.MethodDeclaration[] = [];
  for (const route of controller.routes) {
    if (!route.synchronous) continue;
    const method = rewritten.members.find((member) => ts.getOriginalNode(member) === route.declaration);
    if (method && ts.isMethodDeclaration(method)) copies.push(synchronousCopy(method, route.member, nodes));
  }
  return copies;
}

function synchronousCopy(method: ts.MethodDeclaration, member: string, nodes: Nodes): ts.MethodDeclaration {
  // No comment on the copy: at thousands of routes its text alone is a measurable part of the build (docs/benchmarks.md).
  return nodes.methodDeclaration(synchronousCopyName(member), method.parameters, method.body);
}
