import type ts from "typescript";
import { HonestCode } from "../diagnostics.js";
import type { InjectionModel } from "../model.js";
import type { AnalysisContext } from "./analysis-context.js";
import { referenceForTypeName } from "./value-reference.js";

/** An `Inject<T>` field, with what the dependency checks need beside the model. */
export interface Injection extends InjectionModel {
  readonly node: ts.PropertyDeclaration;
  readonly declaration: ts.ClassDeclaration;
}

/** The `Inject<T>` fields of a class: `declare readonly store: Inject<ItemStore>` or `store!: Inject<ItemStore>`. */
export function analyseInjections(context: AnalysisContext, node: ts.ClassDeclaration): Injection[] {
  const { facts, symbols, sink } = context;
  const { syntax } = facts;
  const injections: Injection[] = [];
  for (const member of node.members) {
    if (!syntax.isPropertyDeclaration(member) || !member.type) continue;
    const marker = symbols.markerOf(member.type);
    if (marker?.tag !== "Inject") continue;
    const where = `${node.name?.text ?? "(anonymous class)"}.${member.name.getText()}`;
    if (!syntax.isIdentifier(member.name) || syntax.hasModifier(member, "static")) {
      sink.error(member.name, HonestCode.InjectNotClass, `${where}: an Inject<T> field must be an instance field with a plain name.`);
      continue;
    }
    const argument = marker.argument;
    if (!argument || !syntax.isTypeReferenceNode(argument)) {
      sink.error(member.type, HonestCode.InjectNotClass, `${where}: Inject<T> needs a class name for T, as in Inject<ItemStore>.`);
      continue;
    }
    const resolved = referenceForTypeName(facts, argument.typeName);
    if ("problem" in resolved) {
      sink.error(
        argument,
        HonestCode.InjectNotClass,
        `${where}: Inject<T> needs a class for T: ${resolved.problem}. Make it a class with a constructor that takes no arguments.`,
      );
      continue;
    }
    injections.push({ field: member.name.text, component: resolved.reference, node: member, declaration: resolved.declaration });
  }
  return injections;
}
