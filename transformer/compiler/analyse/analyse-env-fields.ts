import type ts from "typescript";
import { messages } from "../diagnostic-messages.js";
import type { Fail } from "../diagnostics.js";
import type { EnvFieldModel, EnvVariableModel } from "../model.js";
import type { AnalysisContext } from "./analysis-context.js";
import { analyseInputType } from "./analyse-input-parameter.js";

// The `Env<T>` fields of a class (docs/guide/configuration.md, "Configuration"):
// `declare readonly env: Env<Settings>`, each of `Settings`' properties an
// environment variable read as a `Query<T>` key is read, by a reader
// generated the same way (input-readers.ts).

export function analyseEnvFields(context: AnalysisContext, node: ts.ClassDeclaration): EnvFieldModel[] {
  const { facts, symbols, sink } = context;
  const { syntax } = facts;
  const fields: EnvFieldModel[] = [];
  for (const member of node.members) {
    if (!syntax.isPropertyDeclaration(member) || !member.type) continue;
    const marker = symbols.markerOf(member.type);
    if (marker?.tag !== "Env") continue;
    const field = `${node.name?.text ?? "(anonymous class)"}.${member.name.getText()}`;
    if (!syntax.isIdentifier(member.name) || syntax.hasModifier(member, "static")) {
      sink.error(member.name, messages.EnvField.notAField({ field }));
      continue;
    }
    // As a route's label begins a handler's messages, the field begins these.
    const fail: Fail = (at, { code, text }) => sink.error(at, { code, text: `${field}: ${text}` });
    const reader = analyseInputType(context, { at: member, tag: "Env", source: "env", argument: marker.argument }, fail);
    if (!reader) continue;
    fields.push({
      field: member.name.text,
      reader: { ...reader, source: "env" },
      variables: variablesOf(context, marker.argument!, reader.properties),
    });
  }
  return fields;
}

/** What `honest check --env` lists of each variable: its type as written, where it is declared. */
function variablesOf(
  context: AnalysisContext,
  argument: ts.TypeNode,
  properties: readonly { readonly name: string; readonly optional: boolean; readonly secret?: boolean }[],
): EnvVariableModel[] {
  const { facts, symbols } = context;
  const { syntax } = facts;
  const type = facts.typeOfTypeNode(argument)!;
  return properties.map((property) => {
    const symbol = facts.property(type, property.name);
    const declared = symbol && facts.valueDeclaration(symbol);
    let typeNode: ts.TypeNode | undefined;
    let initializer: ts.Expression | undefined;
    if (declared && (syntax.isPropertySignature(declared) || syntax.isPropertyDeclaration(declared))) {
      typeNode = declared.type;
      if (syntax.isPropertyDeclaration(declared)) initializer = declared.initializer;
    }
    const secretArgument = typeNode && property.secret ? symbols.markerOf(typeNode)?.argument : undefined;
    const at = declared ?? argument;
    const file = at.getSourceFile();
    return {
      name: property.name,
      type: (secretArgument ?? typeNode)?.getText() ?? (symbol ? facts.typeText(facts.typeOfSymbol(symbol)) : "string"),
      optional: property.optional && initializer === undefined,
      ...(initializer && { default: initializer.getText() }),
      secret: property.secret === true,
      fileName: file.fileName,
      line: file.getLineAndCharacterOfPosition(at.getStart(file)).line + 1,
    };
  });
}
