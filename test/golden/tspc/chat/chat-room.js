import * as __honest from "honest/internal";
/** Chat ids start past 2^53, where a JSON.parse that rounds would get them wrong: 2^53 plus the topic's id. */
const FIRST_ID = 9007199254740992n;
/**
 * Everyone connected to the chat on this instance. A post goes to the topic
 * "chat.posts"; each instance subscribes to it once, when the app starts,
 * and sends every post to its own connections, so that with a Redis server
 * a post on one instance reaches the room of every other
 * (docs/guide/topics.md, "Broadcasting to sockets").
 */
export class ChatRoom {
    #connections = new Set();
    #closing = new AbortController();
    /** Subscribes before the app serves: no post published once it is ready is missed. */
    async init() {
        const posts = this.posts.subscribe({ signal: this.#closing.signal });
        await posts.ready();
        void this.#relay(posts);
    }
    close() {
        this.#closing.abort();
    }
    join(connection) {
        this.#connections.add(connection);
    }
    leave(connection) {
        this.#connections.delete(connection);
    }
    /** Sends a post to everyone connected to any instance, the author included, once it is published. */
    async post(from, text) {
        await this.posts.publish({ from, text });
    }
    /**
     * Sends each post to this instance's connections. A member whose client
     * is not reading has its messages pile up (`backedUp`): it misses the post
     * rather than hold it in the server's memory (docs/guide/websockets.md,
     * "Limits and liveness"). An instance that falls behind the topic is told
     * so (MissedMessages), and goes on from the newest post.
     */
    async #relay(posts) {
        for (;;) {
            try {
                for await (const { id, message } of posts) {
                    const post = { id: FIRST_ID + id, ...message };
                    for (const connection of this.#connections)
                        if (!connection.backedUp)
                            connection.send(post);
                }
                return; // the app is closing
            }
            catch (error) {
                console.error("chat: posts were missed:", error);
                posts = this.posts.subscribe({ signal: this.#closing.signal });
            }
        }
    }
}
__honest.defineTopicFields(ChatRoom, [
    ["posts", "chat.posts", { write: __honest_write_ChatPosted, parse: __honest_parse_ChatPosted, report: __honest_report_ChatPosted, exact: false }]
]);
function __honest_write_ChatPosted(value) {
    if (typeof value !== "object" || value === null)
        return __honest.writeJson(value);
    return "{\"from\":" + __honest.writeString(value.from) + ",\"text\":" + __honest.writeString(value.text) + "}";
}
function __honest_parse_ChatPosted(input) {
    if (typeof input !== "object" || input === null || Array.isArray(input))
        return undefined;
    const from = input.from;
    if (typeof from !== "string")
        return undefined;
    const text = input.text;
    if (typeof text !== "string")
        return undefined;
    return { from, text };
}
function __honest_report_ChatPosted(input, path, errors) {
    __honest.reportObject(input, path, errors, [["from", "string"], ["text", "string"]]);
}
