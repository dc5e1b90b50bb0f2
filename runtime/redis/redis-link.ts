import { loadRedis } from "./load-redis.js";
import type { RedisClient, RedisClientClass } from "./redis-client.js";
import { type AppLog, textLog } from "../telemetry/app-log.js";

// The app's connections to the Redis server its instances share
// (docs/guide/several-instances.md, "Several instances"): one for commands,
// opened before any component's init() runs, and one more for each reader
// that blocks (a topic's XREAD), which must not hold up the commands. Each is
// an ioredis client, which reconnects by itself after a drop; honest logs
// the drop once, and the readiness check reports it.

/** How long honest waits for Redis at startup before refusing to start. */
const CONNECT_TIMEOUT = 10_000;
/** How long a command waits for a dropped connection to come back before failing, in attempts (ioredis's `maxRetriesPerRequest`). */
const COMMAND_RETRIES = 2;

export class RedisLink {
  readonly #url: string;
  /** The URL without its password, as messages show it. */
  readonly where: string;
  #Redis: RedisClientClass | undefined;
  #commands: RedisClient | undefined;
  readonly #clients = new Set<RedisClient>();
  #closed = false;

  constructor(
    url: string,
    /** Where the link's drops and recoveries are logged, and those of what goes through it (topics, rate limits). */
    readonly log: AppLog = textLog(),
  ) {
    this.#url = url;
    this.where = withoutPassword(url);
  }

  /** Connects the commands' connection; rejects, naming the server, when it cannot within 10 s. */
  async connect(): Promise<void> {
    this.#Redis ??= await loadRedis(`this app is given a Redis server (${this.where})`);
    this.#commands = await this.#open("commands", { maxRetriesPerRequest: COMMAND_RETRIES });
  }

  /** The connection for commands: INCR, SET NX, XADD, EVALSHA… */
  get commands(): RedisClient {
    if (this.#commands === undefined)
      throw new Error(`honest: Redis (${this.where}) is used before the app has connected to it: wait for appReady(app)`);
    return this.#commands;
  }

  /** A connection of its own, for a reader that blocks (XREAD BLOCK) or subscribes: closed with the app. */
  async dedicated(purpose: string): Promise<RedisClient> {
    if (this.#Redis === undefined) await this.connect();
    // A blocked read waits as long as the server is away, however long that is.
    return this.#open(purpose, { maxRetriesPerRequest: null });
  }

  /** Whether the server answers PING within `timeout` ms; the reason when it does not (the readiness check). */
  async ping(timeout = 1_000): Promise<string | undefined> {
    const client = this.#commands;
    if (client === undefined || client.status !== "ready") return `Redis (${this.where}) is ${client?.status ?? "not connected"}`;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        client.call("PING"),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer to PING within ${timeout} ms`)), timeout);
        }),
      ]);
      return undefined;
    } catch (error) {
      return `Redis (${this.where}): ${(error as Error).message}`;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes every connection: QUIT, or a disconnect when the server does not answer within 1 s. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#clients].map((client) => quit(client)));
    this.#clients.clear();
  }

  async #open(purpose: string, options: Record<string, unknown>): Promise<RedisClient> {
    if (this.#closed) throw new Error(`honest: Redis (${this.where}) is closed: the app has stopped`);
    const client = new this.#Redis!(this.#url, {
      lazyConnect: true,
      connectTimeout: CONNECT_TIMEOUT,
      connectionName: `honest-${purpose}`,
      ...options,
    });
    // ioredis reports each failed reconnect as an error event; one line per drop is enough.
    let reported = false;
    client.on("error", (error: Error) => {
      if (reported || this.#closed) return;
      reported = true;
      this.log.warn(`Redis connection (${purpose}, ${this.where}) failed: ${error.message}; reconnecting`);
    });
    client.on("ready", () => {
      if (reported) this.log.warn(`Redis connection (${purpose}, ${this.where}) is back`);
      reported = false;
    });
    this.#clients.add(client);
    try {
      await withTimeout(client.connect(), CONNECT_TIMEOUT, `no connection within ${CONNECT_TIMEOUT / 1000} s`);
    } catch (error) {
      this.#clients.delete(client);
      client.disconnect();
      throw new Error(`honest: cannot reach Redis at ${this.where}: ${(error as Error).message}`);
    }
    return client;
  }
}

async function quit(client: RedisClient): Promise<void> {
  if (client.status === "end") return;
  try {
    await withTimeout(client.quit(), 1_000, "no answer to QUIT");
  } catch {
    client.disconnect();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** `redis://user:secret@host:6379/0` as `redis://user:***@host:6379/0`: a URL's password never reaches a log. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(a Redis URL that does not parse)";
  }
}
