import ts from "typescript";

/** The decorators on `node` that are calls (`@Get("/")`, `@Use(cors())`), with their call expressions. */
export function decoratorCalls(node: ts.Node): { decorator: ts.Decorator; call: ts.CallExpression }[] {
  if (!ts.canHaveDecorators(node)) return [];
  const found: { decorator: ts.Decorator; call: ts.CallExpression }[] = [];
  for (const decorator of ts.getDecorators(node) ?? []) {
    if (ts.isCallExpression(decorator.expression)) found.push({ decorator, call: decorator.expression });
  }
  return found;
}
