import type { Connection, i64, Topic } from "honest";
import type { ChatMessage, ChatPost } from "./chat.controller.js";

/** Chat ids start past 2^53, where a JSON.parse that rounds would get them wrong: 2^53 plus the topic's id. */
const FIRST_ID = 9007199254740992n;

/** A post as the chat's topic carries it, from any instance. */
export interface ChatPosted {
  from: string;
  text: string;
}

/**
 * Everyone connected to the chat on this instance. A post goes to the topic
 * "chat.posts"; each instance subscribes to it once, when the app starts,
 * and sends every post to its own connections, so that with a Redis server
 * a post on one instance reaches the room of every other
 * (docs/guide/topics.md, "Broadcasting to sockets").
 */
export class ChatRoom {
  declare readonly posts: Topic<ChatPosted, "chat.posts">;
  readonly #connections = new Set<Connection<ChatMessage, ChatPost>>();
  readonly #closing = new AbortController();

  /** Subscribes before the app serves: no post published once it is ready is missed. */
  async init(): Promise<void> {
    const posts = this.posts.subscribe({ signal: this.#closing.signal });
    await posts.ready();
    void this.#relay(posts);
  }

  close(): void {
    this.#closing.abort();
  }

  join(connection: Connection<ChatMessage, ChatPost>): void {
    this.#connections.add(connection);
  }

  leave(connection: Connection<ChatMessage, ChatPost>): void {
    this.#connections.delete(connection);
  }

  /** Sends a post to everyone connected to any instance, the author included, once it is published. */
  async post(from: string, text: string): Promise<void> {
    await this.posts.publish({ from, text });
  }

  /**
   * Sends each post to this instance's connections. A member whose client
   * is not reading has its messages pile up (`backedUp`): it misses the post
   * rather than hold it in the server's memory (docs/guide/websockets.md,
   * "Limits and liveness"). An instance that falls behind the topic is told
   * so (MissedMessages), and goes on from the newest post.
   */
  async #relay(posts: AsyncIterable<{ id: i64; message: ChatPosted }>): Promise<void> {
    for (;;) {
      try {
        for await (const { id, message } of posts) {
          const post: ChatPost = { id: FIRST_ID + id, ...message };
          for (const connection of this.#connections) if (!connection.backedUp) connection.send(post);
        }
        return; // the app is closing
      } catch (error) {
        console.error("chat: posts were missed:", error);
        posts = this.posts.subscribe({ signal: this.#closing.signal });
      }
    }
  }
}
