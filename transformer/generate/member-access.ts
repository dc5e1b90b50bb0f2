import ts from "typescript";
import { isIdentifierName } from "../../runtime/common/key-path.js";

/** `target.name`, or `target["name"]` when the name is not an identifier. */
export function memberAccess(target: ts.Expression, name: string): ts.Expression {
  return isIdentifierName(name)
    ? ts.factory.createPropertyAccessExpression(target, name)
    : ts.factory.createElementAccessExpression(target, ts.factory.createStringLiteral(name));
}
