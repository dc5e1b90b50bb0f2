import { getRequestListener } from "@hono/node-server";
import { createServer, type Server, type ServerOptions } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { closeComponents } from "../lifecycle/app-components.js";
import { endStreams } from "../response/open-streams.js";
import { pendingInit } from "../lifecycle/app-readiness.js";
import { BodyMemory } from "../body/body-memory.js";
import { BodyStalls } from "../body/body-stalls.js";
import { SERVED_BODIES, type ServedBodies } from "../body/served-bodies.js";
import { answerClientError, refuseConnection, unreadableRequest } from "./node-refusals.js";
import { type NodeSockets, takeUpgrades } from "./serve-sockets.js";
import { SERVED_AGAIN } from "./ordinary-upgrade.js";
import { stopReadiness } from "../health/app-health.js";
import { logOf } from "../telemetry/app-log.js";

export interface ServeOptions {
  /** Port to listen on; 3000 unless set, 0 for any free port. */
  readonly port?: number;
  readonly hostname?: string;
  /**
   * How long shutdown may take, in ms (10 000 unless set): in-flight requests
   * still open then are cut off, and on a signal the process exits by then.
   */
  readonly gracePeriod?: number;
  /**
   * How long to go on serving after the first SIGTERM or SIGINT (or close()), in ms, before shutting down (0 unless
   * set): readiness answers 503 at once, and load balancers have this long to stop sending new requests here before
   * the server stops taking them (docs/guide/health.md, "Shutdown").
   */
  readonly drainDelay?: number;
  /**
   * How long a client may take to send a whole request, headers and body, in
   * ms, before Node answers 408 and closes the connection (Node's own
   * `requestTimeout`: 300 000 unless set, 0 for none).
   */
  readonly requestTimeout?: number;
  /**
   * How many connections may be open at once (4 096 unless set, `Infinity`
   * for no limit). One more is answered 503 with `Retry-After` and closed
   * before its request is read; those already open are served as usual.
   */
  readonly maxConnections?: number;
  /**
   * How many bytes of request bodies may be held in memory at once, across
   * all connections (32 MiB unless set, `Infinity` for no limit). A body
   * takes its room as its bytes arrive, before it holds them (never more
   * than twice what has come), and gives it back when its response ends. A
   * body that declares more than the room has free is answered 503 with
   * `Retry-After`, unread; one that finds no room as it grows is cut off
   * with the same 503 and its connection closed.
   */
  readonly maxBodyMemory?: number;
  /**
   * How long a request body being read may go without a byte, in ms (30 000
   * unless set, 0 for none), before it is answered 408 and its connection
   * closed, giving back its room. Clients that keep sending, however
   * slowly, are not affected; the whole request still has `requestTimeout`.
   */
  readonly bodyIdleTimeout?: number;
  /** Stop gracefully on SIGINT and SIGTERM, then exit the process (true unless set). */
  readonly handleSignals?: boolean;
  /** `false` prints nothing when listening. */
  readonly log?: boolean;
}

export interface RunningServer {
  readonly server: Server;
  /**
   * Resolves with the bound address once the server listens, which is after
   * every component's init(); rejects if an init failed or the port is taken.
   */
  readonly listening: Promise<AddressInfo>;
  /**
   * Turns readiness to 503, serves on for the drain delay, then
   * stops accepting connections, closes idle keep-alive ones, lets in-flight
   * requests finish (cutting off those still open when the grace period runs
   * out), then calls `close()` on the app's components, dependents first.
   */
  close(): Promise<void>;
}

interface FetchApp {
  fetch(request: Request, ...rest: any[]): Response | Promise<Response>;
}

const SIGNALS = ["SIGINT", "SIGTERM"] as const;
// The defaults keep the example well under 256 MB against stalled uploads and
// stalled request heads alike (docs/reference/limits.md, "Limits, timeouts and failures"): a
// connection holding a request head just under Node's 16 KiB limit costs
// about 24 KB, so 4 096 hold about 100 MB; 32 MiB is 32 bodies at the
// default bodyLimit of 1 MiB. A body silent for 30 s is taken to have
// stalled: a client that still means to send it has lost its network.
const DEFAULT_MAX_CONNECTIONS = 4096;
const DEFAULT_MAX_BODY_MEMORY = 32 * 1024 * 1024;
const DEFAULT_BODY_IDLE_TIMEOUT = 30_000;
/** Idle ms before the first TCP keep-alive probe; the kernel's own interval and count follow (75 s, 9 on Linux). */
const KEEP_ALIVE_PROBE_DELAY = 60_000;

/**
 * Serves `app` on Node with @hono/node-server once its components' init() has
 * finished; stops gracefully on SIGINT/SIGTERM.
 */
export function serve(app: FetchApp, options: ServeOptions = {}): RunningServer {
  const gracePeriod = options.gracePeriod ?? 10_000;
  const drainDelay = millisecondsOption("drainDelay", options.drainDelay, 0);
  const maxConnections = limitOption("maxConnections", options.maxConnections, DEFAULT_MAX_CONNECTIONS);
  const maxBodyMemory = limitOption("maxBodyMemory", options.maxBodyMemory, DEFAULT_MAX_BODY_MEMORY);
  const bodyIdleTimeout = millisecondsOption("bodyIdleTimeout", options.bodyIdleTimeout, DEFAULT_BODY_IDLE_TIMEOUT);
  let onListening!: (address: AddressInfo) => void;
  let onListenError!: (error: Error) => void;
  const listening = new Promise<AddressInfo>((resolve, reject) => {
    onListening = resolve;
    onListenError = reject;
  });
  listening.catch(() => {}); // reported below; callers may still await it
  let shuttingDown: Promise<boolean> | undefined;
  // The app's logger: pino's lines where createApp({ logger }) asks, else text on the console (docs/guide/logs-and-traces.md, "Logs").
  const log = logOf(app);

  // @hono/node-server's serve(), with what it does not let us set: duplicate
  // headers joined (two `host` lines make one invalid host, refused, where
  // Node would keep the first), a request without a host refused by
  // @hono/node-server rather than by Node (so that it gets a problem
  // document, and HTTP/1.0 gets no default host), and refusals answered as
  // problem documents.
  //
  // TCP keep-alive probes find a peer gone without a word (a phone out of
  // coverage, a pulled cable) on a connection where nothing is being sent, an
  // idle stream's among them (docs/reference/limits.md, "Liveness").
  const serverOptions: ServerOptions = {
    ...timeoutOptions(options.requestTimeout),
    joinDuplicateHeaders: true,
    requireHostHeader: false,
    keepAlive: true,
    keepAliveInitialDelay: KEEP_ALIVE_PROBE_DELAY,
  };
  const server = createServer(serverOptions);
  server.on("clientError", answerClientError);
  limitConnections(server, maxConnections, servedBodies(maxBodyMemory, bodyIdleTimeout));
  server.once("error", (error: NodeJS.ErrnoException) => {
    if (server.listening) return;
    log.error(`cannot listen on port ${options.port ?? 3000}: ${error.code ?? error.message}`);
    // Every init() has run by now: jobs tick and components hold connections until closed (docs/reference/limits.md, "Startup").
    void abandonStart(error);
  });
  const listen = () => {
    if (shuttingDown !== undefined) {
      onListenError(new Error("honest: the server was closed before it listened"));
      return;
    }
    // Taken once the components are ready: app.fetch is then the app's own, with no wait in front of it.
    server.on("request", getRequestListener(app.fetch, { errorHandler: unreadableRequest(log) }));
    server.listen(options.port ?? 3000, options.hostname, () => {
      const address = server.address() as AddressInfo;
      if (options.log !== false) {
        log.info(`listening on http://${displayHost(address)}:${address.port}`, { address: address.address, port: address.port });
      }
      onListening(address);
    });
  };
  // A component's init() that fails stops startup, as a throwing constructor
  // does: nothing listens, and what did start is closed so the process can end.
  const initFailed = async (error: unknown) => {
    log.error("the app did not start", { err: error });
    await abandonStart(error as Error);
  };
  // Exit code 1, set again once the components are closed: a close() may set its own (PGlite's, as any Emscripten
  // program's, sets 0 as it stops).
  const abandonStart = async (error: Error) => {
    process.exitCode = 1;
    removeSignalHandlers();
    await closeComponents(app);
    process.exitCode = 1;
    onListenError(error);
  };
  // An app with socket routes takes upgrades once the ws package is loaded (docs/guide/websockets.md, "On each runtime").
  let sockets: NodeSockets | undefined;
  const upgrades = takeUpgrades(server, app)?.then((taken) => {
    sockets = taken;
  });
  const initializing = upgrades === undefined ? pendingInit(app) : Promise.all([upgrades, pendingInit(app)]);
  const started = initializing === undefined ? listen() : initializing.then(listen, initFailed);

  /** Resolves true if every request finished in time and every component closed. */
  const shutdown = (): Promise<boolean> => {
    // Without our handlers a second signal has its default effect: the process ends at once.
    removeSignalHandlers();
    // Not ready from the first moment, while the drain delay lets load balancers learn it (docs/guide/health.md, "Shutdown").
    stopReadiness(app);
    return (shuttingDown ??= (async () => {
      await started; // never while components are still in init()
      if (drainDelay > 0 && server.listening) await new Promise((resolve) => setTimeout(resolve, drainDelay));
      // A live feed never finishes by itself: its stream ends now, rather than be cut when the grace period runs out.
      endStreams(app);
      const cut = await closeGracefully(server, gracePeriod, sockets);
      if (cut > 0) log.error(`the grace period of ${gracePeriod} ms ran out; closed ${cut} connection(s) with requests still in flight`);
      const failed = await closeComponents(app);
      // The console's text has said what shutdown does already; a program reading the lines learns when it is over.
      if (options.log !== false && log.structured)
        log.info(cut === 0 && failed.length === 0 ? "stopped" : "stopped, with the faults above");
      return cut === 0 && failed.length === 0;
    })());
  };
  const close = async (): Promise<void> => {
    await shutdown();
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (options.log !== false) {
      log.info(
        drainDelay > 0
          ? `${signal} received, not ready; serving ${drainDelay} ms more, then finishing in-flight requests`
          : `${signal} received, finishing in-flight requests`,
        { signal },
      );
    }
    // The whole shutdown after the drain gets the grace period: a component's close() that hangs must not keep the process alive.
    const deadline = setTimeout(
      () => {
        log.error(`shutdown did not finish within the grace period of ${gracePeriod} ms; exiting`);
        process.exit(1);
      },
      drainDelay + gracePeriod + 100,
    );
    deadline.unref();
    void shutdown().then(async (clean) => {
      await log.flushed();
      process.exit(clean ? 0 : 1);
    });
  };
  const removeSignalHandlers = () => {
    for (const signal of SIGNALS) process.removeListener(signal, onSignal);
  };
  if (options.handleSignals !== false) for (const signal of SIGNALS) process.on(signal, onSignal);

  return { server, listening, close };
}

/** A limit as set, or its default; anything but a whole number from 1 up, or Infinity, is a mistake worth stopping for. */
function limitOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (value === Number.POSITIVE_INFINITY || (Number.isSafeInteger(value) && value >= 1)) return value;
  throw new RangeError(`honest: serve's ${name} must be a whole number from 1 up, or Infinity for no limit; got ${String(value)}`);
}

/** A time limit in ms as set, or its default; anything but a whole number from 0 up (0 for none) is a mistake worth stopping for. */
function millisecondsOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (Number.isSafeInteger(value) && value >= 0) return value;
  throw new RangeError(`honest: serve's ${name} must be a whole number of milliseconds from 0 up, 0 for no limit; got ${String(value)}`);
}

/** The server's room for bodies and its watch on stalled ones, or undefined when neither is limited. */
function servedBodies(maxBodyMemory: number, bodyIdleTimeout: number): ServedBodies | undefined {
  const memory = maxBodyMemory === Number.POSITIVE_INFINITY ? undefined : new BodyMemory(maxBodyMemory);
  const stalls = bodyIdleTimeout === 0 ? undefined : new BodyStalls(bodyIdleTimeout);
  return memory === undefined && stalls === undefined ? undefined : { memory, stalls };
}

/**
 * Counts the connections open, answering one past `maxConnections` with a
 * 503 before its request is read, and gives every connection served the
 * server's room for bodies and its watch on stalled ones
 * (docs/reference/limits.md, "Bodies held at once, and connections"). Node's
 * own `server.maxConnections` would close the extra connection without a
 * word; answering it costs a write, and the client learns when to retry.
 * The listener runs after Node's, which has set up the connection's parser;
 * refused at once, before any of its bytes are read, it parses nothing.
 */
function limitConnections(server: Server, maxConnections: number, bodies: ServedBodies | undefined): void {
  if (maxConnections === Number.POSITIVE_INFINITY && bodies === undefined) return;
  const counted = maxConnections !== Number.POSITIVE_INFINITY;
  let open = 0;
  const closed = () => {
    open--;
  };
  server.on("connection", (socket: Socket & { [SERVED_BODIES]?: ServedBodies; [SERVED_AGAIN]?: true }) => {
    // An upgrade request served as an ordinary one comes back on a connection already counted (ordinary-upgrade.ts).
    if (socket[SERVED_AGAIN]) return;
    if (counted) {
      if (open >= maxConnections) {
        refuseConnection(socket);
        return;
      }
      open++;
      socket.on("close", closed);
    }
    if (bodies !== undefined) socket[SERVED_BODIES] = bodies;
  });
}

/**
 * Node's defaults unless a requestTimeout is set. Node checks for requests
 * past their time every `connectionsCheckingInterval` (30 s by default), so
 * a shorter limit gets a check often enough to keep it; the headers' own
 * limit (60 s by default) may not exceed the whole request's.
 */
function timeoutOptions(requestTimeout: number | undefined): ServerOptions {
  if (requestTimeout === undefined || requestTimeout === 0) return { requestTimeout };
  return {
    requestTimeout,
    headersTimeout: Math.min(60_000, requestTimeout),
    connectionsCheckingInterval: Math.min(30_000, Math.max(10, Math.round(requestTimeout / 4))),
  };
}

/**
 * Resolves once the server has stopped, with how many connections the grace
 * period's end cut off. Open WebSockets are asked to close at once (1001),
 * and cut off with the rest when the grace period ends.
 */
function closeGracefully(server: Server, gracePeriod: number, sockets: NodeSockets | undefined): Promise<number> {
  return new Promise((resolve) => {
    let cut = 0;
    sockets?.closeAll();
    // Keep-alive sockets that go idle after their last response would hold close() open.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      server.closeIdleConnections();
      server.getConnections((_error, count) => {
        cut = count;
        server.closeAllConnections();
        sockets?.terminateAll();
      });
    }, gracePeriod);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve(cut);
    });
    server.closeIdleConnections();
  });
}

function displayHost(address: AddressInfo): string {
  if (address.address === "::" || address.address === "0.0.0.0") return "localhost";
  return address.family === "IPv6" ? `[${address.address}]` : address.address;
}
