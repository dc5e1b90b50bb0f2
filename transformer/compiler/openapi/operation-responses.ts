import { reasonPhrase } from "../../../runtime/declarations/status-code.js";
import type { RouteModel } from "../model.js";
import type { JsonSchemas } from "./json-schemas.js";
import { type ProblemAnswers, RATE_LIMIT_HEADERS } from "./problem-answers.js";
import { fileResponses } from "./file-content.js";
import type { Schema } from "./schema.js";
import { pageHeaders } from "./page-headers.js";
import { type OpenapiVersion, streamResponse } from "./stream-content.js";
import { conditionalHeaders, notModifiedResponse } from "./conditional-answers.js";

// An operation's `responses`, from the handler's declared return type
// (docs/guide/openapi-and-clients.md, "What the document says"): `Json<T, S>` is status S with T's
// schema, and a page (`Paged<T>`) a 200 of `T[]` with its Link headers (page-headers.ts);
// a stream (`Sse<T>`, `Ndjson<T>`) is a 200 of its items (stream-content.ts); a file
// (`Download<Type>`) a 200 of its bytes, and a 206 for a GET (file-content.ts); an exact status (`Promise<204>`) is that status without a body,
// and a returned `StatusCode` any success without a body; a `Response` the
// handler built may be anything, so it is described as any content.
// Then the error answers the route can give. A `@RateLimit` route's answers
// carry RateLimit and RateLimit-Policy, its 429 Retry-After too; a route with
// validators or Cache-Control, its ETag, Last-Modified and Cache-Control, and a
// GET's 304 (conditional-answers.ts).

export function operationResponses(
  route: RouteModel,
  schemas: JsonSchemas,
  problems: ProblemAnswers,
  version: OpenapiVersion,
): Record<string, Schema> {
  const responses: Record<string, Schema> = {};
  const { json, status, exactStatuses, response, stream, download } = route.response;
  if (stream) responses["200"] = streamResponse(stream, schemas, problems.problemSchema(), version);
  if (download) Object.assign(responses, fileResponses(route, download));
  // `StatusCode`: the type says a number, not which one.
  const anyStatus = status && exactStatuses === undefined;
  if (json) {
    const code = json.status ?? 200;
    responses[String(code)] = {
      description: reasonPhrase(code),
      ...(route.paging && { headers: pageHeaders(route.paging) }),
      content: { "application/json": { schema: schemas.schema(json.shape) } },
    };
  }
  for (const code of exactStatuses ?? []) responses[String(code)] ??= { description: reasonPhrase(code) };
  if (response) {
    responses["2XX"] = {
      description: anyStatus
        ? "A response the handler builds, or a status without a body: any content."
        : "A response the handler builds: any content.",
      content: { "*/*": { schema: {} } },
    };
  } else if (anyStatus) {
    responses["2XX"] = { description: "The status the handler returns, without a body." };
  }
  const conditional = conditionalHeaders(route);
  if (route.rateLimit || conditional) {
    const headers = { ...(route.rateLimit && RATE_LIMIT_HEADERS), ...conditional };
    for (const [code, answer] of Object.entries(responses))
      responses[code] = { ...answer, headers: { ...(answer.headers as Schema | undefined), ...headers } };
  }
  const notModified = notModifiedResponse(route);
  if (notModified) responses["304"] = notModified;
  for (const [code, answer] of problems.of(route)) responses[code] = answer;
  return responses;
}
