import ts from "typescript";

// Whether a response value of this type can contain a bigint anywhere, so
// that JSON.stringify (which throws on one) cannot write it. `unknown` and
// `any` can.

export function mayHoldBigInt(checker: ts.TypeChecker, root: ts.Type): boolean {
  const seen = new Set<ts.Type>();
  const visit = (type: ts.Type): boolean => {
    if (seen.has(type)) return false;
    seen.add(type);
    if (type.flags & (ts.TypeFlags.BigIntLike | ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return true;
    if (type.isUnionOrIntersection()) return type.types.some(visit);
    if (!(type.flags & ts.TypeFlags.Object)) return false;
    if (checker.isArrayType(type) || checker.isTupleType(type)) {
      return checker.getTypeArguments(type as ts.TypeReference).some(visit);
    }
    const index = checker.getIndexTypeOfType(type, ts.IndexKind.String) ?? checker.getIndexTypeOfType(type, ts.IndexKind.Number);
    if (index && visit(index)) return true;
    return checker.getPropertiesOfType(type).some((property) => visit(checker.getTypeOfSymbol(property)));
  };
  return visit(root);
}
