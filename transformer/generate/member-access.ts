import ts from "typescript";

/** Whether `name` can be written as an identifier: `target.name`, `name() {}`. */
export function isPlainName(name: string): boolean {
  return /^[A-Za-z_$][\w$]*$/.test(name);
}

/** `target.name`, or `target["name"]` when the name is not an identifier. */
export function memberAccess(target: ts.Expression, name: string): ts.Expression {
  return isPlainName(name)
    ? ts.factory.createPropertyAccessExpression(target, name)
    : ts.factory.createElementAccessExpression(target, ts.factory.createStringLiteral(name));
}
