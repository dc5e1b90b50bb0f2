// The table printed when an application is built (docs/guide/route-table.md, "The route table"):
//
// Route mappings:
//   GET    /items        → ItemController
//   DELETE /items/{id}   → ItemController
//   GET    /openapi.json → OpenAPI document

export interface RouteTableRow {
  readonly method: string;
  readonly path: string;
  /** The controller's class name, or what honest serves there itself (`OpenAPI document`). */
  readonly controller: string;
}

export function formatRouteTable(rows: readonly RouteTableRow[]): string {
  let methodWidth = 0;
  let pathWidth = 0;
  for (const row of rows) {
    methodWidth = Math.max(methodWidth, row.method.length);
    pathWidth = Math.max(pathWidth, row.path.length);
  }
  let text = "Route mappings:";
  for (const row of rows) {
    text += `\n  ${row.method.padEnd(methodWidth)} ${row.path.padEnd(pathWidth)} → ${row.controller}`;
  }
  return text;
}
