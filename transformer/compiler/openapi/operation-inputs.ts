import type { InputParameterModel, InputPropertyModel, RouteModel } from "../model.js";
import { documented, type JsonSchemas } from "./json-schemas.js";
import { rangeParameters, readsRanges } from "./file-content.js";
import { docText, type Schema } from "./schema.js";
import { conditionalParameters } from "./conditional-answers.js";

// What an operation reads: path, query, header and cookie parameters, and
// its request body, a JSON document or a form.

/** The operation's `parameters`: path placeholders, then query, header and cookie values, in declaration order; a file route's Range headers, then the If-* headers it honours. */
export function operationParameters(route: RouteModel, schemas: JsonSchemas): Schema[] {
  const parameters: Schema[] = [];
  for (const parameter of route.parameters) {
    if (parameter.kind === "path") {
      for (const value of parameter.values) {
        const description = route.doc?.params?.[value.name];
        parameters.push({
          name: value.name,
          in: "path",
          ...(description !== undefined && { description }),
          required: true,
          schema: schemas.textValueSchema(value.type),
        });
      }
    } else if (parameter.kind === "input" && parameter.source !== "form") {
      for (const property of parameter.properties) {
        parameters.push(inputParameter(parameter.source, property, schemas));
      }
    }
  }
  if (readsRanges(route)) parameters.push(...rangeParameters());
  return [...parameters, ...conditionalParameters(route)];
}

function inputParameter(location: string, property: InputPropertyModel, schemas: JsonSchemas): Schema {
  const parameter: Record<string, unknown> = { name: property.name, in: location };
  if (!property.optional) parameter.required = true;
  const description = docText(property.doc);
  if (description !== undefined) parameter.description = description;
  if (property.doc?.deprecated) parameter.deprecated = true;
  parameter.schema = inputValueSchema(property, schemas);
  return parameter;
}

/** One input value's schema: its type with its constraints, in an array when the key repeats, and the handler's default. */
function inputValueSchema(property: InputPropertyModel, schemas: JsonSchemas): Schema {
  const value: Schema =
    property.type.kind === "file"
      ? { type: "string", format: "binary", contentMediaType: "application/octet-stream" }
      : schemas.textValueSchema(property.type, property.constraints);
  const schema: Record<string, unknown> = property.array ? { type: "array", items: value } : { ...value };
  for (const constraint of property.array ? (property.arrayConstraints ?? []) : []) {
    if (constraint.kind === "minItems" || constraint.kind === "maxItems") schema[constraint.kind] = constraint.value;
  }
  if (property.default !== undefined) schema.default = property.default;
  // A request's secret (docs/guide/json-bodies-and-responses.md, "Secrets"): a client sends it and never reads it back.
  if (property.secret) schema.writeOnly = true;
  return schema;
}

/**
 * The operation's `requestBody`: a `Json<T>` body or a `Form<T>`; undefined
 * when it reads none. Its description is the handler's `@param` for it, or
 * else the summary of `T`'s doc comment.
 */
export function operationRequestBody(route: RouteModel, schemas: JsonSchemas): Schema | undefined {
  for (const parameter of route.parameters) {
    if (parameter.kind === "body") {
      const description = route.doc?.params?.[parameter.name] ?? schemas.summaryOf(parameter.shape);
      return {
        ...(description !== undefined && { description }),
        required: true,
        content: { "application/json": { schema: schemas.schema(parameter.shape) } },
      };
    }
    if (parameter.kind === "input" && parameter.source === "form") return formBody(parameter, schemas);
  }
  return undefined;
}

/** A form is read from either encoding; one with files only from multipart/form-data. */
function formBody(form: InputParameterModel, schemas: JsonSchemas): Schema {
  const schema: Record<string, unknown> = {
    type: "object",
    properties: Object.fromEntries(
      form.properties.map((property) => [property.name, documented(inputValueSchema(property, schemas), property.doc)]),
    ),
  };
  const required = form.properties.filter((property) => !property.optional).map((property) => property.name);
  if (required.length > 0) schema.required = required;
  const content: Record<string, unknown> = { "multipart/form-data": { schema } };
  if (!form.properties.some((property) => property.type.kind === "file")) content["application/x-www-form-urlencoded"] = { schema };
  return { required: true, content };
}
