import type { Context } from "hono";
import { singleRawHeader } from "../middleware/inline-step.js";

// Every request honest answers has an id (docs/guide/logs-and-traces.md,
// "Request ids"): the one its client or a proxy sent in X-Request-Id when it
// is a safe token, else a new UUID. It goes back in the same header, into
// `c.get("requestId")` (the variable Hono's own requestId() middleware
// sets), every problem document and every log line of the request. A token
// is safe when it cannot forge a log line or a header: letters, digits,
// `.`, `_` and `-`, at most 64 of them.

/** createApp's `requestId`: which header carries the id, and how a new one is made. */
export interface RequestIdOptions {
  /** The header read and sent back: `X-Request-Id` unless set. */
  readonly header?: string;
  /** Makes the id of a request that came without a safe one: `crypto.randomUUID()` unless set. */
  readonly generate?: () => string;
}

/**
 * What assign() reads of Node's exchange (common/node-exchange.ts), written out so that this module's types, which
 * createApp's options reach, need no @types/node in a project that does not run on Node.
 */
interface NodeRequestHeaders {
  readonly incoming: { readonly rawHeaders: readonly string[] };
  readonly outgoing?: { readonly headersSent: boolean; setHeader(name: string, value: string): unknown };
}

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The ids of one app's requests, or undefined with `requestId: false`. */
export function requestIdsFor(option: boolean | RequestIdOptions | undefined): RequestIds | undefined {
  if (option === false) return undefined;
  if (option === undefined || option === true) return new RequestIds("X-Request-Id", newId);
  if (typeof option !== "object" || option === null) {
    throw new TypeError(`honest: createApp's requestId must be false or { header?, generate? }; got ${typeof option}`);
  }
  const header = option.header ?? "X-Request-Id";
  if (typeof header !== "string" || !TOKEN.test(header)) {
    throw new TypeError(`honest: createApp's requestId.header must be a header name; got ${JSON.stringify(header)}`);
  }
  if (option.generate !== undefined && typeof option.generate !== "function") {
    throw new TypeError("honest: createApp's requestId.generate must be a function that returns a new id");
  }
  return new RequestIds(header, option.generate ?? newId);
}

function newId(): string {
  return crypto.randomUUID();
}

export class RequestIds {
  /** The header's name in lower case, as Node's raw lines are compared. */
  readonly #lowerHeader: string;

  constructor(
    /** The header that carries the id, as createApp's `requestId.header` names it. */
    readonly header: string,
    readonly generate: () => string,
  ) {
    this.#lowerHeader = header.toLowerCase();
  }

  /**
   * The id of request `c`, set as `c.get("requestId")` and, on Node, on the answer's headers (every answer, error
   * answers too); elsewhere the caller adds it to the Response (withId). `node` is Node's exchange, if the request came
   * through Node (common/node-exchange.ts).
   */
  assign(c: Context, node: NodeRequestHeaders | undefined): string {
    const sent =
      node === undefined ? (c.req.raw.headers.get(this.header) ?? undefined) : singleRawHeader(node.incoming.rawHeaders, this.#lowerHeader);
    const id = sent !== undefined && SAFE_ID.test(sent) ? sent : String(this.generate());
    c.set("requestId", id);
    const outgoing = node?.outgoing;
    if (outgoing !== undefined && !outgoing.headersSent) outgoing.setHeader(this.header, id);
    return id;
  }

  /** The id of a request answered from the Request alone (a thrown value that is not an Error). */
  ofRequest(request: Request): string {
    const sent = request.headers.get(this.header);
    return sent !== null && SAFE_ID.test(sent) ? sent : String(this.generate());
  }

  /** `response` with the id in its headers, unless it has one: copied when its headers cannot change (a fetch's). */
  withId(response: Response, id: string): Response {
    if (response.headers.has(this.header)) return response;
    try {
      response.headers.set(this.header, id);
      return response;
    } catch {
      const copy = new Response(response.body, response);
      copy.headers.set(this.header, id);
      return copy;
    }
  }
}

/** The id of request `c`: honest's, or the one Hono's requestId() middleware set; undefined with neither. */
export function requestIdOf(c: Context): string | undefined {
  const id: unknown = c.get("requestId");
  return typeof id === "string" ? id : undefined;
}
