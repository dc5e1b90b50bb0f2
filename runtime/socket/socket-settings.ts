// createApp's `sockets` option (docs/guide/websockets.md, "Limits and
// liveness"): who may open the app's socket routes, how much a connection's
// outgoing messages may queue, and how often serve pings. Read once at
// startup; a value that makes no sense stops the app there.

export interface SocketOptions {
  /**
   * The origins (`https://app.example.com`) whose pages may open the app's WebSocket routes, besides pages of the
   * host the upgrade was sent to; `"*"` for any. A browser sends its page's origin with every upgrade, cookies
   * included, so a socket route that trusts a cookie would otherwise act for any site the user visits
   * (cross-site WebSocket hijacking). An upgrade without an `Origin` header (not from a browser) is not checked.
   */
  readonly origins?: readonly string[] | "*";
  /** Bytes a connection's outgoing messages may queue before `connection.backedUp` is true: 64 KiB unless set. */
  readonly highWaterMark?: number;
  /**
   * Bytes a connection's outgoing messages may queue before honest closes it (1008): 1 MiB unless set, and never
   * less than `highWaterMark`. A client that does not read its messages is closed rather than held in memory.
   */
  readonly maxBuffered?: number;
  /**
   * On Node, under serve: how often each open WebSocket is pinged, in ms (30 000 unless set, 0 for never); one that
   * has not answered by the next ping is cut off. Bun, Deno and Workers ping by their own settings.
   */
  readonly pingInterval?: number;
}

/** The settings as every socket route and serve read them. */
export interface SocketSettings {
  /** Undefined: only the upgrade's own host; "*": any. Else the origins as `URL.origin` writes them. */
  readonly origins: ReadonlySet<string> | "*" | undefined;
  readonly highWaterMark: number;
  readonly maxBuffered: number;
  readonly pingInterval: number;
}

const DEFAULT_HIGH_WATER_MARK = 64 * 1024;
const DEFAULT_MAX_BUFFERED = 1024 * 1024;
const DEFAULT_PING_INTERVAL = 30_000;

export function socketSettings(options: SocketOptions = {}): SocketSettings {
  const highWaterMark = byteCount("highWaterMark", options.highWaterMark, DEFAULT_HIGH_WATER_MARK);
  const maxBuffered = Math.max(highWaterMark, byteCount("maxBuffered", options.maxBuffered, DEFAULT_MAX_BUFFERED));
  const pingInterval = options.pingInterval ?? DEFAULT_PING_INTERVAL;
  if (!Number.isSafeInteger(pingInterval) || pingInterval < 0) {
    throw new RangeError(
      `honest: createApp's sockets.pingInterval must be a whole number of ms from 0 up (0 for none); got ${String(pingInterval)}`,
    );
  }
  return { origins: originSet(options.origins), highWaterMark, maxBuffered, pingInterval };
}

function byteCount(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (Number.isSafeInteger(value) && value >= 1) return value;
  throw new RangeError(`honest: createApp's sockets.${name} must be a whole number of bytes from 1 up; got ${String(value)}`);
}

function originSet(origins: SocketOptions["origins"]): SocketSettings["origins"] {
  if (origins === undefined) return undefined;
  if (origins === "*") return "*";
  const set = new Set<string>();
  for (const origin of origins) {
    // "null" is what a sandboxed page or a file sends; allowing it is the app's choice.
    if (origin === "null") {
      set.add(origin);
      continue;
    }
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {}
    // Written as a browser writes it in Origin (lower case, no default port), whatever the spelling given.
    const bare = parsed !== undefined && parsed.pathname === "/" && parsed.search === "" && parsed.hash === "" && parsed.username === "";
    if (parsed === undefined || parsed.origin === "null" || !bare || !/^[a-z][a-z0-9+.-]*:\/\/[^/]+\/?$/i.test(origin)) {
      throw new RangeError(
        `honest: createApp's sockets.origins lists ${JSON.stringify(origin)}, which is not an origin: write the scheme, host and port only, as "https://app.example.com"`,
      );
    }
    set.add(parsed.origin);
  }
  return set;
}

/**
 * Why an upgrade from `origin` is refused, or undefined when it may open the route: no Origin (not a browser), an
 * origin whose host is the one the upgrade was sent to, or one the app allows.
 */
export function refusedOrigin(origin: string | undefined, host: string | undefined, settings: SocketSettings): string | undefined {
  if (origin === undefined || settings.origins === "*") return undefined;
  if (settings.origins?.has(origin)) return undefined;
  if (host !== undefined && hostOf(origin) === host.toLowerCase()) return undefined;
  return (
    `a WebSocket upgrade from a page of ${origin} is refused: only pages of the app's own host may open its sockets, ` +
    `unless createApp({ sockets: { origins: [${JSON.stringify(origin)}] } }) allows that origin`
  );
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
