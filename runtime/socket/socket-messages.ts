import { type BodyParser, checkBody } from "../body/body-check.js";
import type { BodyReporter } from "../body/json-checks.js";
import { MESSAGE_PROBLEM_TYPE, type MessageProblem } from "../declarations/connection.js";
import { isHttpError } from "../errors/http-error.js";
import type { JsonWriter } from "../response/responses.js";
import type { BodyFault } from "../errors/rendered-problem.js";

// A socket route's messages (docs/guide/websockets.md, "Messages"): each
// text frame the client sends is read as a `Json<In>` body is, by the same
// generated parser and reporter (exactly, when `In` holds an i64), and each
// message the handler sends is written by the writer generated for `Out`.

/** What generated code hands openSocket for a route's `Connection<In, Out>`. */
export interface SocketMessages {
  /** The parser and reporter generated for `In`. */
  readonly parse: BodyParser;
  readonly report: BodyReporter;
  /** `In` holds an i64, so a message's text is read exactly (docs/guide/json-bodies-and-responses.md, "Exact integers"). */
  readonly exact: boolean;
  /** The writer generated for `Out`. */
  readonly write: JsonWriter;
}

export type ReadMessage = { readonly message: unknown } | { readonly problem: MessageProblem };

/** A message's text as an `In`, or the problem to send back: not JSON, too deep, or not an `In` (every fault listed). */
export function readMessage(text: string, messages: SocketMessages): ReadMessage {
  try {
    return { message: checkBody(text, messages.exact, messages.parse, messages.report) };
  } catch (error) {
    if (!isHttpError(error) || error.status !== 400) throw error;
    // The body's checks word their detail for a request body; the same checks refused a message.
    const detail = (error.detail ?? "").replace(/^the request body/, "the message");
    const errors = error.extensions?.errors as readonly BodyFault[] | undefined;
    return { problem: messageProblem(detail, errors) };
  }
}

export function messageProblem(detail: string, errors?: readonly BodyFault[]): MessageProblem {
  return { type: MESSAGE_PROBLEM_TYPE, title: "Bad Request", status: 400, detail, ...(errors && { errors }) };
}
