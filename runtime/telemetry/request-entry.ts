import type { Context, ErrorHandler } from "hono";
import type { RouteHandler } from "../compiled/controller-definition.js";
import { nodeExchangeIn } from "../common/node-exchange.js";
import type { ScopeStorage } from "../injection/async-storage.js";
import { rawPath } from "../routing/request-path.js";
import { type AppLog, setRequestLog } from "./app-log.js";
import { loggedUser } from "./log-user.js";
import type { RequestIds } from "./request-id.js";

// Where each request honest answers enters the app (its routes, the probes,
// the document, the 404 and 405 answers): it gets its id (request-id.ts),
// the id travels through its awaits for Inject<Logger> where something
// injects the logger (request-logger.ts), and, with createApp({ logger }),
// its access line is written once it is answered: on Node when Node's
// response closes (the whole answer sent, a stream's too), elsewhere when
// the Response is returned. An app with none of these gets its handlers as
// they are (docs/guide/logs-and-traces.md, "What it costs").

export interface RequestEntry {
  /** The app's request ids; undefined with `requestId: false`. */
  readonly ids: RequestIds | undefined;
  readonly log: AppLog;
  /** Where Inject<Logger> reads the request's id; undefined when nothing injects the logger. */
  readonly storage: ScopeStorage<string> | undefined;
  /** The app's error answers, for a fault its access line must see the status of. */
  readonly onError: ErrorHandler;
}

/** `handler` entered as above; `route` is the template the access line names (`/items/{id}`), none for a 404. */
export function entered(handler: RouteHandler, route: string | undefined, { ids, log, storage, onError }: RequestEntry): RouteHandler {
  const access = log.structured;
  if (ids === undefined && !access && storage === undefined) return handler;
  // Off Node the access line needs the status of what a fault is answered with: answered here, as Hono would.
  const answering = access ? answered(handler, onError) : handler;
  const entry: RouteHandler = (c) => {
    const node = nodeExchangeIn(c.env);
    const reqId = ids?.assign(c, node);
    if (access) setRequestLog(c, log);
    const outgoing = node?.outgoing;
    const start = access ? performance.now() : 0;
    if (access && outgoing !== undefined) {
      outgoing.once("close", () => log.logger.info(accessLine(c, reqId, route, outgoing.statusCode, start, true), "request completed"));
    }
    const result = storage !== undefined && reqId !== undefined ? storage.run(reqId, () => answering(c)) : answering(c);
    // On Node the id is on the answer's headers already, and the line waits for the response to close.
    if (outgoing !== undefined || (reqId === undefined && !access)) return result;
    const finish = (response: Response) => {
      if (access) log.logger.info(accessLine(c, reqId, route, response.status, start, false), "request completed");
      return reqId === undefined ? response : ids!.withId(response, reqId);
    };
    return result instanceof Promise ? result.then(finish) : finish(result);
  };
  Object.defineProperty(entry, "name", { value: handler.name });
  return entry;
}

/** Fastify's access line: `reqId`, `req` (the path, never the query string), `res`, `responseTime` in ms, and `user`. */
function accessLine(c: Context, reqId: string | undefined, route: string | undefined, statusCode: number, start: number, node: boolean) {
  const user = loggedUser(c);
  return {
    ...(reqId !== undefined && { reqId }),
    req: { method: c.req.method, url: rawPath(node ? "" : c.req.url, c.env), ...(route !== undefined && { route }) },
    res: { statusCode },
    responseTime: performance.now() - start,
    ...(user !== undefined && { user }),
  };
}

/** `handler`, with an Error it throws answered by the app's error answers, as Hono answers it; other values go on. */
function answered(handler: RouteHandler, onError: ErrorHandler): RouteHandler {
  const fault = (error: unknown, c: Context) => {
    if (!(error instanceof Error)) throw error;
    return onError(error, c);
  };
  return (c) => {
    let result: Response | Promise<Response>;
    try {
      result = handler(c);
    } catch (error) {
      return fault(error, c);
    }
    return result instanceof Promise ? result.catch((error: unknown) => fault(error, c)) : result;
  };
}
