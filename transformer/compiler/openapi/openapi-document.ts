import type { ControllerModel, ProgramModel, RouteModel } from "../model.js";
import { controllerTagOf, operationIdOf, operationTagsOf } from "../operation-names.js";
import { answeredShapes } from "./answered-shapes.js";
import { JsonSchemas } from "./json-schemas.js";
import { operationParameters, operationRequestBody } from "./operation-inputs.js";
import { operationResponses } from "./operation-responses.js";
import { socketMessages, socketResponses } from "./socket-operation.js";
import { PROBLEM_SCHEMA, ProblemAnswers } from "./problem-answers.js";
import { docText, plainSummary, type Schema, sortedByName } from "./schema.js";
import { SecuritySchemes } from "./security-requirements.js";
import type { OpenapiVersion } from "./stream-content.js";
import { routesOfVersion, versionParameters, withLifecycleHeaders } from "./version-operation.js";

// The OpenAPI 3.1 (or, asked for, 3.2) document of a program's routes (docs/guide/openapi-and-clients.md, "OpenAPI and
// clients"), from the same model the route code is generated from: a stage
// beside `generate/` that writes data instead of code.

export interface DocumentInfo {
  readonly title: string;
  readonly version: string;
  readonly summary?: string;
  readonly description?: string;
  readonly termsOfService?: string;
  readonly contact?: Readonly<Partial<Record<"name" | "url" | "email", string>>>;
  readonly license?: DocumentLicense;
}

/** OpenAPI's License Object: a `url` or an SPDX `identifier`, never both. */
export interface DocumentLicense {
  readonly name: string;
  readonly url?: string;
  readonly identifier?: string;
}

/** OpenAPI's Server Object, as the plugin entry's `openapi.servers` gives it. */
export interface DocumentServer {
  readonly url: string;
  readonly description?: string;
}

/**
 * The document, as OpenAPI `version` (3.1 unless the plugin's `openapiVersion` asks for 3.2): they differ in how
 * streams are described. `servers`: the plugin entry's, else the root of the host that serves the document. With
 * `apiVersion`, that version's document: its routes and those without a version (docs/guide/versions.md, "A document
 * per version").
 */
export function openapiDocument(
  model: ProgramModel,
  info: DocumentInfo,
  version: OpenapiVersion = "3.1",
  servers: readonly DocumentServer[] = [{ url: "/" }],
  apiVersion?: string,
): Schema {
  const schemas = new JsonSchemas(model.shapes, answeredShapes(model));
  const security = new SecuritySchemes();
  const problems = new ProblemAnswers(schemas, model.errorFormat);
  const paths: Record<string, Record<string, Schema>> = {};
  const tags = new Map<string, Schema>();
  for (const whole of model.controllers) {
    const controller = apiVersion === undefined ? whole : { ...whole, routes: routesOfVersion(whole.routes, apiVersion) };
    if (controller.routes.length === 0) continue;
    const description = docText(controller.doc);
    const name = controllerTagOf(controller);
    // Controllers that share a tag share its entry, described by the first that has a doc comment.
    if (!tags.has(name) || (tags.get(name)!.description === undefined && description !== undefined))
      tags.set(name, { name, ...(description !== undefined && { description }) });
    for (const route of controller.routes) {
      // Every tag an operation names is listed, as linters ask (Redocly's operation-tag-defined).
      for (const tag of operationTagsOf(controller, route)) if (!tags.has(tag)) tags.set(tag, { name: tag });
      const operations = (paths[route.path] ??= {});
      operations[route.method.toLowerCase()] = operation(controller, route, { schemas, security, problems, version });
    }
  }
  const securitySchemes = security.components();
  const responses = problems.components();
  return {
    openapi: `${version}.0`,
    info,
    // Unless the plugin entry names them, OpenAPI's own default, written out: the routes are at the root of the
    // host that serves the document (linters and "try it" pages want one).
    servers,
    tags: [...tags.values()],
    paths,
    components: {
      schemas: sortedByName([...schemas.components(), ...(problems.problemSchemaUsed ? [["Problem", PROBLEM_SCHEMA] as const] : [])]),
      ...(Object.keys(responses).length > 0 && { responses }),
      ...(Object.keys(securitySchemes).length > 0 && { securitySchemes }),
    },
  };
}

/** What the operations of one document share: the components they refer to, collected as they do. */
interface Components {
  readonly schemas: JsonSchemas;
  readonly security: SecuritySchemes;
  readonly problems: ProblemAnswers;
  readonly version: OpenapiVersion;
}

function operation(controller: ControllerModel, route: RouteModel, { schemas, security, problems, version }: Components): Schema {
  const result: Record<string, unknown> = { tags: operationTagsOf(controller, route) };
  if (route.doc?.summary) result.summary = plainSummary(route.doc.summary);
  if (route.doc?.description) result.description = route.doc.description;
  result.operationId = operationIdOf(controller, route);
  if (route.doc?.deprecated || route.lifecycle) result.deprecated = true;
  const parameters = [...versionParameters(route), ...operationParameters(route, schemas)];
  if (parameters.length > 0) result.parameters = parameters;
  const requestBody = operationRequestBody(route, schemas);
  if (requestBody) result.requestBody = requestBody;
  result.responses = withLifecycleHeaders(
    route,
    route.socket ? socketResponses(route, problems) : operationResponses(route, schemas, problems, version),
  );
  if (route.socket) result["x-websocket"] = socketMessages(route.socket, schemas);
  const requirements = security.requirementsOf(route);
  if (requirements) result.security = requirements;
  return result;
}
