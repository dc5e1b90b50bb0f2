import ts from "typescript";

/** `target.name`, or `target["name"]` when the name is not an identifier. */
export function memberAccess(target: ts.Expression, name: string): ts.Expression {
  return /^[A-Za-z_$][\w$]*$/.test(name)
    ? ts.factory.createPropertyAccessExpression(target, name)
    : ts.factory.createElementAccessExpression(target, ts.factory.createStringLiteral(name));
}
