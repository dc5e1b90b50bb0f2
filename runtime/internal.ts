// What the generated code calls: `import * as ... from "honest/internal"`.
// Not for hand-written code; it may change with any release.
// Its types are the other half of the contract: the compiler names what it
// generates (route definitions' keys, the handler factory's inputs, the
// readers' methods) through them (transformer/compiler/generate/protocol.ts).
export {
  defineController,
  type ControllerDefinition,
  type DefinedRoute,
  type RouteDefinition,
  type RouteHandlerInputs,
  type RouteSettings,
} from "./compiled/controller-definition.js";
export type { Resolver } from "./declarations/markers.js";
export type { RouteRateLimit, RateLimitDefinition } from "./rate-limit/route-rate-limit.js";
export { defineInjections } from "./injection/injections.js";
export { definePerRequest } from "./injection/per-request.js";
export { defineEnvFields } from "./configuration/env-fields.js";
export { defineSchedules, type ScheduleEntry } from "./schedule/scheduled-jobs.js";
export { defineTopicFields } from "./topics/topic-fields.js";
export type { TopicCodec } from "./topics/topic-codec.js";
export { createDiscoveredApp, type BuildOutcome } from "./app/create-app.js";
export { defineGeneratedApp, type GeneratedApp, type GeneratedController } from "./compiled/generated-app.js";
export {
  parseI64Param,
  parseNumberParam,
  parseBooleanParam,
  parseDateParam,
  parseStringParam,
  parseLiteralParam,
} from "./routing/path-params.js";
export { i64Text, numberText, booleanText, dateText, stringText, literalText } from "./inputs/text-values.js";
export { readQuery, readHeaders, readCookies, readInputs, type InputReader, type ReadInputs } from "./inputs/input-reader.js";
export { readJsonBody } from "./body/json-body.js";
export { readForm } from "./form/form-body.js";
export { fileValue } from "./form/file-value.js";
export { checkBody } from "./body/body-check.js";
export { MAX_NESTING } from "./body/json-limits.js";
export { numberOf, i64Of, copyJson, nestedTooDeep, reportClosest, type BodyFaults, type BodyReporter } from "./body/json-checks.js";
export { reportObject, reportFaults, type FaultShape, type FaultProperty } from "./body/fault-shapes.js";
export { parseOnce } from "./body/parse-once.js";
export { codePointLength, isMultipleOf, presentProperties } from "./body/constraint-checks.js";
export { isEmail, isUuid, isUri, isDateTime, isDate, dateTimeOf } from "./body/formats.js";
export {
  writeJson,
  writeString,
  writeNumber,
  writeBigInt,
  writeBoolean,
  writeDate,
  writeStringArray,
  writeNumberArray,
  writeBigIntArray,
  writeBooleanArray,
  writeDateArray,
} from "./response/json-writers.js";
export {
  sendWhenSettled,
  sendJson,
  sendJsonOrStatus,
  sendStatus,
  sendResponse,
  sendJsonOrResponse,
  sendStatusOrResponse,
  sendJsonOrStatusOrResponse,
  orHttpError,
} from "./response/responses.js";
export { sendDownload } from "./response/download-answers.js";
export { sendPage, type PagingKind } from "./response/page-answers.js";
export { sendSse, sendSseEvents, sendNdjson, type EventWriters } from "./response/stream-responses.js";
export { checkPreconditions, answerHeaders } from "./conditional/preconditions.js";
export { sendTaggedJson } from "./conditional/body-etag.js";
export { keyPath } from "./common/key-path.js";
export { cors } from "./middleware/cors.js";
export { synchronousResolver } from "./injection/synchronous-resolver.js";
export { bearerAuth } from "./middleware/bearer-auth.js";
export { openSocket } from "./socket/open-socket.js";
export type { SocketMessages } from "./socket/socket-messages.js";
export type { PhaseMarks, PhaseEnd } from "./tracing/phase-marks.js";
