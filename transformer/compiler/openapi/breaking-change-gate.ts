import fs from "node:fs";
import type ts from "typescript";
import { breakingChangeAccept, controllerRouteLabel, messages } from "../diagnostic-messages.js";
import type { DiagnosticSink, HonestMessage } from "../diagnostics.js";
import type { ControllerModel, ProgramModel, RouteModel } from "../model.js";
import { type BreakingChange, breakingChanges } from "./breaking-changes.js";
import { pointerOffset } from "./json-locations.js";
import type { Schema } from "./schema.js";

// The breaking-change gate (docs/guide/openapi-and-clients.md, "Stopping a breaking change"):
// the program's document compared with the committed one its clients were
// written against, each break reported as an error where it is fixed. A
// change to an operation the program still has points into the source (the
// handler's return type for a response, the parameter for an input, the
// route decorator for a path); an operation gone points into the committed
// document, at the operation.

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
    text = fs.readFileSync(committed.file, "utf8");
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
  const accept = breakingChangeAccept({ committed: committed.name, writtenByBuild });
  const changes = breakingChanges(document, current);
  for (const found of changes) {
    const route = found.currentPath === undefined ? undefined : routeOf(model, found.method, found.currentPath);
    const label = route ? controllerRouteLabel(route.controller, route.route) : `${found.method} ${found.path}`;
    const message: HonestMessage = messages.BreakingChange.change({ label, change: found.change, committed: committed.name, accept });
    if (route) sink.error(sourceNode(route.route, found), message);
    else sink.errorInFile({ fileName: committed.file, text }, pointerOffset(text, found.pointer), message);
  }
  return changes.length;
}

function routeOf(model: ProgramModel, method: string, path: string): { controller: ControllerModel; route: RouteModel } | undefined {
  for (const controller of model.controllers) {
    for (const route of controller.routes) if (route.method === method && route.path === path) return { controller, route };
  }
  return undefined;
}

/** Where a change to an operation the program still has is fixed: the parameter it reads, its return type, or its decorator. */
function sourceNode(route: RouteModel, { change }: BreakingChange): ts.Node {
  const subject = "subject" in change ? change.subject : undefined;
  const where =
    change.kind === "parameterRequired"
      ? change.in
      : change.kind === "bodyRequired" || change.kind === "requestMediaTypeRemoved"
        ? "body"
        : undefined;
  const input = where ?? (subject?.kind === "parameter" ? subject.in : subject?.kind === "body" ? "body" : undefined);
  const parameterAt = (index: number) => (index >= 0 ? route.declaration.parameters[index] : undefined);
  if (input === "path") return route.decorator;
  if (input === "body") {
    return (
      parameterAt(route.parameters.findIndex((each) => each.kind === "body" || (each.kind === "input" && each.source === "form"))) ??
      route.decorator
    );
  }
  if (input !== undefined) {
    return parameterAt(route.parameters.findIndex((each) => each.kind === "input" && each.source === input)) ?? route.decorator;
  }
  if (change.kind === "securityAdded")
    return parameterAt(route.parameters.findIndex((each) => each.kind === "resolver")) ?? route.decorator;
  // What it answers: its return type, else the route.
  return route.declaration.type ?? route.decorator;
}
