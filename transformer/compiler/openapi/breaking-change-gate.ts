import fs from "node:fs";
import type ts from "typescript";
import { breakingChangeAccept, controllerRouteLabel, messages } from "../diagnostic-messages.js";
import type { DiagnosticSink, HonestMessage } from "../diagnostics.js";
import type { ControllerModel, ProgramModel, RouteModel } from "../model.js";
import type { Subject } from "../document-changes.js";
import { type BreakingChange, breakingChanges, SchemaTooDeep } from "./breaking-changes.js";
import { pointerOffsets } from "./json-locations.js";
import { TextLines, type TextFile } from "../text/text-lines.js";
import type { Schema } from "./schema.js";

// The breaking-change gate (docs/guide/openapi-and-clients.md, "Stopping a breaking change"):
// the program's document compared with the committed one its clients were
// written against, each break reported as an error where it is fixed. A
// change to an operation the program still has points into the source (the
// handler's return type for a response, the parameter for an input, the
// route decorator for a path); an operation gone points into the committed
// document, at the operation. Its cost is one reading of the committed
// document for all the places it reports there, however many, and one
// comparison of each operation the program still has; a schema nested past
// MAX_SCHEMA_DEPTH is reported where, once, and ends the comparison.

/** The committed document to compare with: `file` absolute, `name` as the user wrote it. */
export interface CommittedDocumentName {
  readonly file: string;
  readonly name: string;
}

/**
 * Reports each breaking change from the committed document to `current`, or
 * why the committed document cannot be read; the number of errors reported.
 * `written`: the document file the build writes, which, when it is the
 * committed one, may be missing (nothing to compare yet), and is taken as it
 * was before this build.
 */
export function reportBreakingChanges(
  model: ProgramModel,
  current: Schema,
  committed: CommittedDocumentName,
  written: string | undefined,
  sink: DiagnosticSink,
): number {
  const writtenByBuild = written === committed.file;
  if (!fs.existsSync(committed.file)) {
    if (writtenByBuild) return 0;
    sink.errorInSetup(messages.BreakingChange.missing({ file: committed.name }));
    return 1;
  }
  let text: string;
  let document: Schema;
  try {
    // A byte-order mark is no part of the JSON (RFC 8259 lets a reader skip it), nor a column an editor shows.
    text = withoutByteOrderMark(fs.readFileSync(committed.file, "utf8"));
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed) || typeof (parsed as Schema).paths !== "object") {
      throw new Error("it has no paths");
    }
    document = parsed as Schema;
  } catch (error) {
    const reason = error instanceof SyntaxError ? "it is not valid JSON" : (error as Error).message;
    sink.errorInSetup(messages.BreakingChange.unreadable({ file: committed.name, reason }));
    return 1;
  }
  const file: TextFile = { fileName: committed.file, text, lines: new TextLines(text) };
  const routes = routesByOperation(model);
  let changes: BreakingChange[];
  try {
    changes = breakingChanges(document, current);
  } catch (error) {
    if (!(error instanceof SchemaTooDeep)) throw error;
    const { method, path, currentPath } = error.operation;
    const route = routes.get(`${method} ${currentPath}`);
    const label = route ? controllerRouteLabel(route.controller, route.route) : `${method} ${path}`;
    const message = messages.BreakingChange.tooDeep({ label, subject: error.subject, document: error.document, committed: committed.name });
    // Too deep in the committed document: at the schema there; in the program's: where the program has it.
    if (error.document === "current" && route) sink.error(subjectNode(route.route, error.subject), message);
    else sink.errorInFile(file, pointerOffsets(text, [error.pointer])[0]!, message);
    return 1;
  }
  const accept = breakingChangeAccept({ committed: committed.name, writtenByBuild });
  const inSource = changes.map((found) =>
    found.currentPath === undefined ? undefined : routes.get(`${found.method} ${found.currentPath}`),
  );
  // Every place in the committed document found in one pass over it: a pass for each took minutes for 20 000 removed operations.
  const inDocument = changes.filter((_, index) => inSource[index] === undefined);
  const offsets = pointerOffsets(
    text,
    inDocument.map((found) => found.pointer),
  );
  let nextOffset = 0;
  for (const [index, found] of changes.entries()) {
    const route = inSource[index];
    const label = route ? controllerRouteLabel(route.controller, route.route) : `${found.method} ${found.path}`;
    const message: HonestMessage = messages.BreakingChange.change({ label, change: found.change, committed: committed.name, accept });
    if (route) sink.error(sourceNode(route.route, found), message);
    else sink.errorInFile(file, offsets[nextOffset++]!, message);
  }
  return changes.length;
}

function withoutByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The program's routes by `GET /items/{id}`, as BreakingChange names an operation's method and current path. */
function routesByOperation(model: ProgramModel): Map<string, { controller: ControllerModel; route: RouteModel }> {
  const routes = new Map<string, { controller: ControllerModel; route: RouteModel }>();
  for (const controller of model.controllers) {
    for (const route of controller.routes) {
      const key = `${route.method} ${route.path}`;
      if (!routes.has(key)) routes.set(key, { controller, route });
    }
  }
  return routes;
}

/** Where a change to an operation the program still has is fixed: the parameter it reads, its return type, or its decorator. */
function sourceNode(route: RouteModel, { change }: BreakingChange): ts.Node {
  if (change.kind === "parameterRequired") return inputNode(route, change.in) ?? route.decorator;
  if (change.kind === "bodyRequired" || change.kind === "requestMediaTypeRemoved") return inputNode(route, "body") ?? route.decorator;
  if (change.kind === "securityAdded") {
    return (
      parameterAt(
        route,
        route.parameters.findIndex((each) => each.kind === "resolver"),
      ) ?? route.decorator
    );
  }
  return "subject" in change ? subjectNode(route, change.subject) : returnNode(route);
}

/** Where what a subject describes is fixed: the parameter that reads it, or, for a response, the return type. */
function subjectNode(route: RouteModel, subject: Subject): ts.Node {
  if (subject.kind === "response") return returnNode(route);
  return inputNode(route, subject.kind === "body" ? "body" : subject.in) ?? route.decorator;
}

/** The parameter that reads `input` (the route decorator for a path parameter, which its path declares); undefined when none does. */
function inputNode(route: RouteModel, input: string): ts.Node | undefined {
  if (input === "path") return route.decorator;
  if (input === "body") {
    return parameterAt(
      route,
      route.parameters.findIndex((each) => each.kind === "body" || (each.kind === "input" && each.source === "form")),
    );
  }
  return parameterAt(
    route,
    route.parameters.findIndex((each) => each.kind === "input" && each.source === input),
  );
}

/** What a route answers is fixed at its return type, else its decorator. */
function returnNode(route: RouteModel): ts.Node {
  return route.declaration.type ?? route.decorator;
}

function parameterAt(route: RouteModel, index: number): ts.Node | undefined {
  return index >= 0 ? route.declaration.parameters[index] : undefined;
}
