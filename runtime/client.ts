// honest/client: what a client generated with the app imports
// (docs/guide/openapi-and-clients.md, "A client generated with the app"). It
// runs wherever fetch does and imports nothing of the server's.

export { type Answer, type BodyFault, type ProblemDocument, type Success, UnexpectedAnswer } from "./client/answers.js";
export {
  type CallOptions,
  type ClientOptions,
  connect,
  type Fetch,
  type ProblemReading,
  type RouteCall,
  type Send,
} from "./client/client-calls.js";
export { readArray, readBigInt, readPlain, readRecord } from "./client/read-values.js";
