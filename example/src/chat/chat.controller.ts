import { Controller, Socket } from "honest";
import type { Connection, From, i64, Inject, MaxLength } from "honest";
import type { CurrentUser } from "../auth/current-user.js";
import type { ChatRoom } from "./chat-room.js";

/** What a client sends to the chat. */
export interface ChatMessage {
  text: string & MaxLength<500>;
}

/** What the chat sends everyone: a message, with its author and an id. */
export interface ChatPost {
  id: i64;
  from: string;
  text: string;
}

/** A chat over a WebSocket, for signed-in users. */
@Controller()
export class ChatController {
  declare readonly room: Inject<ChatRoom>;

  /**
   * The chat: each message a signed-in user sends goes to everyone connected, with an id.
   *
   * The upgrade needs the bearer token (a 401 without it), which CurrentUser reads as for any route.
   */
  @Socket("/chat")
  async chat(connection: Connection<ChatMessage, ChatPost>, user: From<CurrentUser>): Promise<void> {
    this.room.join(connection);
    try {
      for await (const message of connection) await this.room.post(user.name, message.text);
    } finally {
      this.room.leave(connection);
    }
  }
}
