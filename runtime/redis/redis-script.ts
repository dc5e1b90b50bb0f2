// A Lua script run in Redis as one step, which is how honest makes a read and
// a write exact under concurrent requests from several instances (a rate
// limit's count, a scheduled job's claim on its tick). Sent once by its
// SHA-1 digest (EVALSHA); a server that does not have it yet (new, or
// restarted) answers NOSCRIPT, and the script is sent whole (EVAL), which
// also stores it.

import type { RedisArgument, RedisClient } from "./redis-client.js";

export class RedisScript {
  #sha: Promise<string> | undefined;

  constructor(readonly source: string) {}

  async run(client: RedisClient, keys: readonly string[], args: readonly RedisArgument[] = []): Promise<unknown> {
    this.#sha ??= sha1(this.source);
    const sha = await this.#sha;
    try {
      return await client.call("EVALSHA", sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!String((error as Error)?.message).startsWith("NOSCRIPT")) throw error;
      return client.call("EVAL", this.source, keys.length, ...keys, ...args);
    }
  }
}

/** The script's digest, with Web Crypto, which every runtime honest runs on has. */
async function sha1(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
