// honest/client: what a client generated with the app imports
// (docs/guide/openapi-and-clients.md, "A client generated with the app"). It
// runs wherever fetch does and imports nothing of the server's.

export { isDate, isDateTime, isEmail, isUri, isUuid } from "./body/formats.js";
export { codePointLength, isMultipleOf } from "./body/constraint-checks.js";
export {
  type AnswerCheck,
  type AnswerConstraint,
  type AnswerProperty,
  type AnswerShape,
  checkAnswer,
  type ReadAnswer,
} from "./client/answer-checks.js";
export { readNdjson, readSse, readSseEvents, type StreamReader, StreamFault } from "./client/answer-streams.js";
export {
  type Answer,
  AnswerMismatch,
  type AnswerStatus,
  type BodyFault,
  type Failure,
  type ProblemDocument,
  type Success,
  UnexpectedAnswer,
} from "./client/answers.js";
export {
  type CallOptions,
  type ClientOptions,
  connect,
  type Fetch,
  type FileCallOptions,
  type FileData,
  pathSegment,
  type ProblemReading,
  type RouteCall,
  type Send,
} from "./client/client-calls.js";
export { linkTarget, type PageCall, PageFailed, type PagedRoute, pagedRoute } from "./client/page-calls.js";
export type { ReadConditions, WriteConditions } from "./client/call-conditions.js";
export { readArray, readBigInt, readBigIntOrNumber, readDate, readObject, readPlain, readRecord } from "./client/read-values.js";
export {
  type ClientSocket,
  connectSockets,
  MessageRefused,
  type OpenSocket,
  type SocketCall,
  type SocketCallOptions,
  type SocketClientOptions,
  SocketClosed,
  type WebSocketConstructor,
} from "./client/client-sockets.js";
export type { MessageProblem } from "./declarations/connection.js";
