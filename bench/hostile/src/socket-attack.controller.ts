import { Controller, Get, Socket } from "honest";
import type { Connection, MaxLength, Sse } from "honest";

// The routes of bench/hostile/socket-attacks.mjs that the example has no
// counterpart for (issue 41): an endless stream that yields as fast as it is
// read, a socket handler that takes a second per message, and one that
// closes with the reason it is sent. bench/hostile/fastify-sockets.mjs has
// the same routes. Served by bench/hostile/socket-server.mjs beside
// AttackController, whose GET /health it shares.

export interface Tick {
  n: number;
  label: string;
}

/** A message that parses into as many objects as it has entries. */
export interface Batch {
  items: { n: number }[];
}

export interface CloseRequest {
  reason: string & MaxLength<1000>;
}

export interface Done {
  done: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

@Controller()
export class SocketAttackController {
  /** Kilobyte ticks, as fast as the client takes them (bench/streams' /endless). */
  @Get("/ticks")
  async *ticks(): Sse<Tick> {
    const label = "x".repeat(1000);
    for (let n = 0; ; n++) yield { n, label };
  }

  /** A handler that awaits a second per message, as one writing each message to a slow store does. */
  @Socket("/slow")
  async slow(connection: Connection<Batch, Done>): Promise<void> {
    for await (const batch of connection) {
      await pause(1000);
      connection.send({ done: batch.items.length });
    }
  }

  /** Closes the connection with the reason the client sends (1000 or 3000–4999: 4000). */
  @Socket("/closing")
  async closing(connection: Connection<CloseRequest, Done>): Promise<void> {
    for await (const { reason } of connection) connection.close(4000, reason);
  }
}
