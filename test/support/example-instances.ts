import path from "node:path";
import { freePort } from "./http.js";
import { type NodeProcess, startNode, stopNode } from "./node-process.js";
import { startPostgresServer, type PostgresServer } from "./postgres-server.js";
import { startRedisServer, type RedisServer } from "./redis-server.js";
import { repositoryRoot } from "./working-tree.js";

// Several real processes of the built example (`node example/dist/main.js`,
// as `npm start` runs it), sharing one PostgreSQL server, where the items
// live, and one Redis server, through which the feed, the chat, rate limits
// and schedules hold across them (docs/guide/several-instances.md, "Testing
// across instances"). Each process listens on a free port of its own.

export interface ExampleInstance {
  readonly name: string;
  readonly port: number;
  /** `http://127.0.0.1:<port>`. */
  readonly base: string;
  readonly node: NodeProcess;
}

export interface ExampleFleet {
  readonly postgres: PostgresServer;
  readonly redis: RedisServer;
  readonly instances: ExampleInstance[];
  /** Starts one more instance on the same servers, with `env` added to its environment. */
  start(name: string, env?: Record<string, string>): Promise<ExampleInstance>;
  /** Stops every instance left (SIGKILL), then the servers. */
  stop(): Promise<void>;
}

const MAIN = path.join(repositoryRoot, "example/dist/main.js");

/** A PostgreSQL and a Redis server, and `count` instances of the example on them, started one after another. */
export async function startExampleFleet(count: number, env: Record<string, string> = {}): Promise<ExampleFleet> {
  const [postgres, redis] = await Promise.all([startPostgresServer(), startRedisServer()]);
  const instances: ExampleInstance[] = [];
  const start = async (name: string, extra: Record<string, string> = {}): Promise<ExampleInstance> => {
    const port = await freePort();
    const node = startNode(MAIN, {
      env: { ...process.env, ...env, ...extra, PORT: String(port), DATABASE_URL: postgres.url, REDIS_URL: redis.url },
    });
    const instance = { name, port, base: `http://127.0.0.1:${port}`, node };
    instances.push(instance);
    await node.listening();
    return instance;
  };
  const fleet: ExampleFleet = {
    postgres,
    redis,
    instances,
    start,
    async stop() {
      await Promise.all(instances.map((instance) => stopNode(instance.node)));
      await redis.stop();
      postgres.stop();
    },
  };
  try {
    // One at a time, so that the first runs the migrations and the others find them done.
    for (let i = 0; i < count; i++) await start(String.fromCharCode(65 + i));
  } catch (error) {
    await fleet.stop();
    throw error;
  }
  return fleet;
}
