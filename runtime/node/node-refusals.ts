import { RequestError } from "@hono/node-server";
import type { Socket } from "node:net";
import { PROBLEM_CONTENT_TYPE, problemResponse, problemText } from "../errors/problem.js";
import { reasonPhrase } from "../declarations/status-code.js";
import type { AppLog } from "../telemetry/app-log.js";
import { RETRY_AFTER_SECONDS } from "../body/body-memory.js";

// Requests refused before the app sees them, answered as problem documents
// like every other refusal, instead of an empty 400: those Node's HTTP parser
// cannot read (it writes its own bare answer unless a `clientError` listener
// does), those @hono/node-server cannot turn into a Request (no host,
// an invalid or repeated host, a backslash in the path), and connections
// past serve's `maxConnections`.

/**
 * For getRequestListener's errorHandler: a request that could not be read is a 400, anything else a 500, logged
 * through the app's logger. Neither has an id: @hono/node-server hands over no request to read one from.
 */
export function unreadableRequest(log: AppLog): (error: unknown) => Response {
  return (error) => {
    if (error instanceof RequestError) return problemResponse(400, unreadableDetail(error.message));
    log.error("the server failed to answer a request", { err: error });
    return problemResponse(500, "the server failed to complete the request");
  };
}

/** @hono/node-server's reasons, in a client's terms. */
function unreadableDetail(reason: string): string {
  switch (reason) {
    case "Missing host header":
      return "the request has no host header";
    case "Invalid host header":
    case "Invalid URL":
      return "the request's host header and target do not make a valid URL; send one host header naming one host";
    default:
      return `the request cannot be read: ${reason}`;
  }
}

interface ParserError extends Error {
  readonly code?: string;
  /** llhttp's reason, such as "Transfer-Encoding can't be present with Content-Length". */
  readonly reason?: string;
}

/** For the server's `clientError` event: the answer Node would give, with a problem document as its body. */
export function answerClientError(error: ParserError, socket: Socket): void {
  // As Node does: answer only when no response to this socket has started.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code !== "ECONNRESET" && socket.writable && !inFlight?.headersSent) {
    const status = clientErrorStatus(error.code);
    socket.write(rawProblem(status, clientErrorDetail(status, error)));
  }
  socket.destroy();
}

function clientErrorStatus(code: string | undefined): number {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return 431;
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return 413;
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return 408;
    default:
      return 400;
  }
}

function clientErrorDetail(status: number, error: ParserError): string {
  if (status === 431) return "the request line and headers are larger than the server accepts";
  if (status === 408) return "the request was not received in time";
  const reason = error.reason ?? error.message;
  return `the request is not valid HTTP/1.1${reason ? `: ${reason}` : ""}`;
}

/** The answer to a connection past `maxConnections`, written before its request is read: the same bytes every time. */
const CONNECTION_REFUSAL = rawProblem(
  503,
  "the server has as many connections open as it accepts; retry later",
  `retry-after: ${RETRY_AFTER_SECONDS}\r\n`,
);

/**
 * Answers a connection past the limit and closes it at once. The answer is
 * a few hundred bytes on a fresh socket, so Node hands it to the kernel as
 * it is written, before the close; the request is never read, so the app
 * never sees it, and the connection costs nothing more.
 */
export function refuseConnection(socket: Socket): void {
  socket.write(CONNECTION_REFUSAL);
  socket.destroy();
}

function rawProblem(status: number, detail: string, headers = ""): string {
  const body = problemText(status, detail);
  return (
    `HTTP/1.1 ${status} ${reasonPhrase(status)}\r\nconnection: close\r\n${headers}content-type: ${PROBLEM_CONTENT_TYPE}\r\n` +
    `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}
