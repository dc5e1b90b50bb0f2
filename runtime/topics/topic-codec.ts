import { type BodyParser, checkBody } from "../body/body-check.js";
import type { BodyReporter } from "../body/json-checks.js";
import { isHttpError } from "../errors/http-error.js";
import type { BodyFault } from "../errors/rendered-problem.js";
import type { JsonWriter } from "../response/responses.js";
import type { AppLog } from "../telemetry/app-log.js";

// How a topic's messages travel (docs/guide/topics.md, "Topics"): written by
// the writer generated for `T`, as a response is, and read back by the parser
// and reporter generated for `T`, as a request body is, so that what a
// subscriber gets is a `T` whichever instance, or whoever, wrote it.

/** What generated code registers for a `Topic<T>` field: the writer, parser and reporter generated for `T`. */
export interface TopicCodec {
  readonly write: JsonWriter;
  readonly parse: BodyParser;
  readonly report: BodyReporter;
  /** `T` holds an i64, so a message's text is read exactly (docs/guide/json-bodies-and-responses.md, "Exact integers"). */
  readonly exact: boolean;
}

/** Reads a message's text as a `T`, or undefined having logged why not, naming the topic and the message's id. */
export type TopicReader = (text: string, id: bigint) => unknown;

export function topicReader(topic: string, codec: TopicCodec, log: AppLog): TopicReader {
  return (text, id) => {
    try {
      return checkBody(text, codec.exact, codec.parse, codec.report);
    } catch (error) {
      if (!isHttpError(error) || error.status !== 400) throw error;
      log.error(`topic ${topic}: message ${id} is not what the topic carries, so no subscriber gets it: ${faultsOf(error)}`);
      return undefined;
    }
  };
}

/** Each fault with its path, or, for text that is not JSON (or nests too deep), the refusal's detail worded for a message. */
function faultsOf(error: { readonly detail?: string; readonly extensions?: Readonly<Record<string, unknown>> }): string {
  const faults = (error.extensions?.errors as readonly BodyFault[] | undefined) ?? [];
  if (faults.length === 0) return (error.detail ?? "").replace(/^the request body/, "the message");
  return faults.map((fault) => `${fault.path}: expected ${fault.expected}, got ${fault.got}`).join("; ");
}
