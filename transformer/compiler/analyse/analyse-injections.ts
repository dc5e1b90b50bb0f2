import type ts from "typescript";
import { messages } from "../diagnostic-messages.js";
import type { InjectionModel } from "../model.js";
import type { AnalysisContext } from "./analysis-context.js";
import { referenceForTypeName } from "./value-reference.js";

/** An `Inject<T>` or `Current<T>` field, with what the dependency checks need beside the model. */
export interface Injection extends InjectionModel {
  readonly node: ts.PropertyDeclaration;
  /** The field's type, `Inject<UnitOfWork>`: where a finding about the kind of field points. */
  readonly type: ts.TypeNode;
  readonly declaration: ts.ClassDeclaration;
}

/**
 * The `Inject<T>` and `Current<T>` fields of a class: `declare readonly store: Inject<ItemStore>` or
 * `store!: Inject<ItemStore>`; `declare readonly work: Current<UnitOfWork>`.
 */
export function analyseInjections(context: AnalysisContext, node: ts.ClassDeclaration): Injection[] {
  const { facts, symbols, sink } = context;
  const { syntax } = facts;
  const injections: Injection[] = [];
  for (const member of node.members) {
    if (!syntax.isPropertyDeclaration(member) || !member.type) continue;
    const marker = symbols.markerOf(member.type);
    if (marker?.tag !== "Inject" && marker?.tag !== "Current") continue;
    const current = marker.tag === "Current";
    const field = `${node.name?.text ?? "(anonymous class)"}.${member.name.getText()}`;
    if (!syntax.isIdentifier(member.name) || syntax.hasModifier(member, "static")) {
      sink.error(member.name, messages.InjectNotClass.notAnInstanceField({ field, marker: marker.tag }));
      continue;
    }
    const argument = marker.argument;
    if (!argument || !syntax.isTypeReferenceNode(argument)) {
      sink.error(member.type, messages.InjectNotClass.notAClassName({ field, marker: marker.tag }));
      continue;
    }
    const resolved = referenceForTypeName(facts, argument.typeName);
    if ("unreachable" in resolved) {
      sink.error(argument, messages.InjectNotClass.unreachable({ field, why: resolved.unreachable, marker: marker.tag }));
      continue;
    }
    injections.push({
      field: member.name.text,
      component: resolved.reference,
      node: member,
      type: member.type,
      declaration: resolved.declaration,
      ...(current && { current }),
    });
  }
  return injections;
}
