import fs from "node:fs";
import type { DiagnosticSink } from "../diagnostics.js";
import type { ProgramModel } from "../model.js";
import { type DocumentSet, versionedName } from "../../../runtime/openapi/document-set.js";
import { reportBreakingChanges } from "./breaking-change-gate.js";
import { openapiDocument } from "./openapi-document.js";
import type { OpenapiSettings } from "./openapi-options.js";
import type { Schema } from "./schema.js";
import { routesOfVersion } from "./version-operation.js";
import { writeWhenChanged } from "../text/written-files.js";

/**
 * The program's OpenAPI document, when the plugin options name a file or a
 * `createApp()` call serves it: written to the file (formatted, as people
 * read it), and returned as compact JSON text for the calls. A program with
 * honest errors gets none: its build failed, and its app refuses to start.
 * With `against`, the document is first checked for breaking changes from
 * the committed one (reported to `sink`), and a build that breaks it leaves
 * the file as it was, so the break is reported again until it is fixed or
 * accepted. `write` false: a check, which writes nothing.
 *
 * A program whose routes have versions gets a document per version instead,
 * each in its own file (`openapi.v2.json`) and checked against its own
 * committed one (`against`'s name, versioned alike); the calls get them all
 * as one set (docs/guide/versions.md, "A document per version").
 */
export function programOpenapi(model: ProgramModel, settings: OpenapiSettings, sink: DiagnosticSink, write = true): string | undefined {
  const served = model.createAppCalls.some((call) => call.servesOpenapi);
  const { file, against } = settings;
  if ((file === undefined && !served && against === undefined) || model.errors.length > 0) return undefined;
  const versions = versionsOf(model);
  if (versions.length === 0) {
    const document = openapiDocument(model, settings.info, settings.openapiVersion, settings.servers);
    const broken = against === undefined ? 0 : reportBreakingChanges(model, document, against, file, sink);
    if (write && file !== undefined && broken === 0) writeWhenChanged(file, `${JSON.stringify(document, null, 2)}\n`);
    return served ? JSON.stringify(document) : undefined;
  }
  // A version whose committed document is missing is a new one, which may differ freely; so is each when none is
  // there yet, unless `against` names a file the build does not write, which then must be a mistake.
  const committedAny = against !== undefined && versions.some((version) => fs.existsSync(versionedName(against.file, version)));
  const documents: { version: string; document: Schema }[] = [];
  for (const version of versions) {
    const document = openapiDocument(model, settings.info, settings.openapiVersion, settings.servers, version);
    const versionFile = file === undefined ? undefined : versionedName(file, version);
    const committed = against && { file: versionedName(against.file, version), name: versionedName(against.name, version) };
    const checked = committed !== undefined && (committedAny || against?.file !== file) ? committed : undefined;
    const broken =
      checked === undefined || (committedAny && !fs.existsSync(checked.file))
        ? 0
        : reportBreakingChanges(modelOfVersion(model, version), document, checked, versionFile, sink);
    if (write && versionFile !== undefined && broken === 0) writeWhenChanged(versionFile, `${JSON.stringify(document, null, 2)}\n`);
    documents.push({ version, document });
  }
  const set: DocumentSet = { versions: documents };
  return served ? JSON.stringify(set) : undefined;
}

/** The versions the program's routes have, in order: numbers as numbers (`2` before `10`). */
export function versionsOf(model: ProgramModel): string[] {
  const versions = new Set<string>();
  for (const controller of model.controllers)
    for (const route of controller.routes) if (route.version !== undefined) versions.add(route.version);
  return [...versions].sort(new Intl.Collator("en", { numeric: true }).compare);
}

/** The program as one version's document sees it: that version's routes and those without one. */
function modelOfVersion(model: ProgramModel, version: string): ProgramModel {
  return {
    ...model,
    controllers: model.controllers.map((controller) => ({ ...controller, routes: routesOfVersion(controller.routes, version) })),
  };
}
