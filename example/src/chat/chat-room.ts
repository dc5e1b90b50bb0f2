import type { Connection, i64 } from "honest";
import type { ChatMessage, ChatPost } from "./chat.controller.js";

/**
 * Everyone connected to the chat, and the id of the last post: ids start past
 * 2^53, where a JSON.parse that rounds would get them wrong.
 */
export class ChatRoom {
  readonly #connections = new Set<Connection<ChatMessage, ChatPost>>();
  #lastId: i64 = 9007199254740992n;

  join(connection: Connection<ChatMessage, ChatPost>): void {
    this.#connections.add(connection);
  }

  leave(connection: Connection<ChatMessage, ChatPost>): void {
    this.#connections.delete(connection);
  }

  /**
   * Sends a post to everyone connected, the author included. A member whose
   * client is not reading has its messages pile up (`backedUp`): it misses
   * this post rather than hold it in the server's memory (docs/guide/websockets.md,
   * "Limits and liveness").
   */
  post(from: string, text: string): void {
    const post: ChatPost = { id: ++this.#lastId, from, text };
    for (const connection of this.#connections) if (!connection.backedUp) connection.send(post);
  }
}
