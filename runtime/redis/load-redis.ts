import type { RedisClientClass } from "./redis-client.js";

// ioredis is an optional peer (docs/reference/choices.md, "Redis: ioredis"):
// imported only when an app is given a Redis URL, so that an app without one
// (and every bundle for Workers) never reaches it. The specifier is a
// variable so that bundlers leave the import to run time.

const IOREDIS = "ioredis";

/** ioredis's `Redis` class, or an error that says how to install it. */
export async function loadRedis(purpose: string): Promise<RedisClientClass> {
  let loaded: { Redis?: RedisClientClass; default?: RedisClientClass | { Redis?: RedisClientClass } };
  try {
    loaded = await import(/* @vite-ignore */ IOREDIS);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") throw error;
    throw new Error(`honest: ${purpose}, which honest reaches with the ioredis package, and it is not installed: npm install ioredis`);
  }
  const found = loaded.Redis ?? (typeof loaded.default === "function" ? loaded.default : loaded.default?.Redis);
  if (!found) throw new Error("honest: the ioredis package installed has no Redis class: npm install ioredis@6");
  return found;
}
