// What honest uses of a Redis client: the ioredis package's `Redis` class,
// which honest loads only when the app is given a Redis URL (load-redis.ts).
// Declared here rather than imported from ioredis so that honest's types
// do not need ioredis installed (docs/guide/several-instances.md, "Several instances").

/** An argument of a Redis command, as ioredis sends it. */
export type RedisArgument = string | number | Uint8Array;

/** One connection to a Redis server, an ioredis `Redis`. */
export interface RedisClient {
  /** Sends any command: `call("INCR", key)`. Resolves with Redis's reply (strings, integers, arrays, null). */
  call(command: string, ...args: RedisArgument[]): Promise<unknown>;
  connect(): Promise<void>;
  quit(): Promise<unknown>;
  disconnect(): void;
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "message", listener: (channel: string, message: string) => void): unknown;
  on(event: string, listener: (...args: any[]) => void): unknown;
  off(event: string, listener: (...args: any[]) => void): unknown;
  /** `"ready"` once connected (and authenticated); `"end"` once closed for good. */
  readonly status: string;
}

/** ioredis's constructor, as honest calls it. */
export type RedisClientClass = new (url: string, options: Record<string, unknown>) => RedisClient;
