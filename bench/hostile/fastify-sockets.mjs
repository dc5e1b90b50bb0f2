import { Readable } from "node:stream";
import websocket from "@fastify/websocket";
import Ajv from "ajv";
import Fastify from "fastify";

// The peer of bench/hostile/socket-attacks.mjs (issue 41): Fastify 5 with
// @fastify/websocket 11 (ws 8) doing the work of honest's example and of
// src/socket-attack.controller.ts, written as a Fastify user writes it: an
// item store with an endless server-sent-events feed of its changes (a
// comment after 15 s of silence, as honest's heartbeat), POST, GET and DELETE
// on items, a chat for bearer-token users whose messages are checked with
// ajv (a problem document back for a bad one) and broadcast to every
// connection, an endless feed of kilobyte ticks, a socket handler that takes
// a second per message (messages wait in an array), and one that closes with
// the reason it is sent. Messages are bounded as honest's are: 1 MiB
// (`maxPayload`; ws's own default is 100 MiB).

const MESSAGE_LIMIT = 1024 * 1024;
const HEARTBEAT_MS = 15_000;
const KEPT_CHANGES = 100;
const TOKENS = new Map([
  ["ada-token", "ada"],
  ["grace-token", "grace"],
]);

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function problem(status, title, detail, extra) {
  return { type: "about:blank", title, status, detail, ...extra };
}

/** The example's ItemStore: items by id, and the latest changes for the live feed. */
class ItemStore {
  items = new Map();
  nextId = 1;
  changes = [];
  lastChange = 0;
  waiting = new Set();

  constructor() {
    this.add({ name: "keyboard", price: 49.5, tags: ["input", "usb"], inStock: true });
    this.add({ name: "mouse", price: 19.99, tags: ["input"], inStock: true });
    this.add({ name: "monitor", price: 189, tags: ["display"], inStock: false });
  }

  add(dto) {
    const item = { id: this.nextId++, name: dto.name, price: dto.price, tags: dto.tags ?? [], inStock: dto.inStock ?? true };
    this.items.set(item.id, item);
    this.changed("created", item);
    return item;
  }

  remove(id) {
    if (!this.items.delete(id)) return false;
    this.changed("removed", { id });
    return true;
  }

  changed(event, data) {
    this.changes.push({ id: ++this.lastChange, event, data });
    if (this.changes.length > KEPT_CHANGES) this.changes.shift();
    for (const wake of this.waiting) wake();
  }

  /** The feed's text: each change after `after` as it happens, a comment after 15 s of none, until `signal` aborts. */
  async *feed(after, signal) {
    yield ": \n\n"; // the answer's head goes out with the first bytes: this sends it at once, as honest does
    let seen = after ?? this.lastChange;
    while (!signal.aborted) {
      for (const change of this.changes) {
        if (change.id <= seen) continue;
        seen = change.id;
        yield `id: ${change.id}\nevent: ${change.event}\ndata: ${JSON.stringify(change.data)}\n\n`;
      }
      if (!(await this.nextChange(signal))) yield ": \n\n";
    }
  }

  /** True at the next change, false after 15 s without one or when `signal` aborts. */
  nextChange(signal) {
    return new Promise((resolve) => {
      const settle = (changed) => {
        this.waiting.delete(wake);
        signal.removeEventListener("abort", stop);
        clearTimeout(timer);
        resolve(changed);
      };
      const wake = () => settle(true);
      const stop = () => settle(false);
      const timer = setTimeout(stop, HEARTBEAT_MS);
      this.waiting.add(wake);
      signal.addEventListener("abort", stop, { once: true });
    });
  }
}

/** A stream answer that ends its generator when the client leaves. */
function eventStream(reply, generate) {
  const leaving = new AbortController();
  reply.raw.on("close", () => leaving.abort());
  reply.header("content-type", "text/event-stream").header("cache-control", "no-cache");
  return reply.send(Readable.from(generate(leaving.signal)));
}

const itemSchema = {
  type: "object",
  properties: {
    name: { type: "string" },
    price: { type: "number" },
    tags: { type: "array", items: { type: "string" } },
    inStock: { type: "boolean" },
  },
  required: ["name", "price"],
};

export function fastifySocketsApp() {
  const app = Fastify({ logger: false });
  const store = new ItemStore();
  const ajv = new Ajv({ allErrors: true });
  const chatMessage = ajv.compile({
    type: "object",
    properties: { text: { type: "string", maxLength: 500 } },
    required: ["text"],
  });
  const batch = ajv.compile({
    type: "object",
    properties: { items: { type: "array", items: { type: "object", properties: { n: { type: "number" } }, required: ["n"] } } },
    required: ["items"],
  });
  const closeRequest = ajv.compile({
    type: "object",
    properties: { reason: { type: "string", maxLength: 1000 } },
    required: ["reason"],
  });

  /** The message's JSON if it is valid, else undefined once a problem document has been sent back. */
  function readMessage(socket, data, validate) {
    let message;
    try {
      message = JSON.parse(data.toString("utf8"));
    } catch {
      socket.send(JSON.stringify(problem(400, "Bad Request", "the message is not JSON")));
      return undefined;
    }
    if (validate(message)) return message;
    const errors = validate.errors.map((error) => ({ path: error.instancePath, expected: error.message, got: JSON.stringify(error.data) }));
    socket.send(JSON.stringify(problem(400, "Bad Request", `the message does not match its schema (${errors.length} errors)`, { errors })));
    return undefined;
  }

  app.register(websocket, { options: { maxPayload: MESSAGE_LIMIT } });
  app.register(async (routes) => {
    routes.get("/health", async () => ({ ok: true }));

    routes.get("/items/changes", (request, reply) => {
      const lastSeen = Number(request.headers["last-event-id"]);
      return eventStream(reply, (signal) => store.feed(Number.isInteger(lastSeen) ? lastSeen : undefined, signal));
    });

    routes.post("/items", { schema: { body: itemSchema } }, async (request, reply) => {
      const item = store.add(request.body);
      reply.code(201).header("location", `/items/${item.id}`);
      return reply.send();
    });

    routes.get("/items/:id", async (request, reply) => {
      const item = store.items.get(Number(request.params.id));
      return item ?? reply.code(404).send(problem(404, "Not Found", `item ${request.params.id} not found`));
    });

    routes.delete("/items/:id", async (request, reply) => {
      if (!store.remove(Number(request.params.id)))
        return reply.code(404).send(problem(404, "Not Found", `item ${request.params.id} not found`));
      return reply.code(204).send();
    });

    // The chat: bearer-token users; each valid message goes to every connection, the author's included.
    const room = new Set();
    let lastId = 0;
    const signedIn = async (request, reply) => {
      const header = request.headers.authorization;
      const user = header?.startsWith("Bearer ") ? TOKENS.get(header.slice(7)) : undefined;
      if (!user) return reply.code(401).send(problem(401, "Unauthorized", "sign in: send Authorization: Bearer <token>"));
      request.user = user;
    };
    routes.get("/chat", { websocket: true, preValidation: signedIn }, (socket, request) => {
      room.add(socket);
      socket.on("close", () => room.delete(socket));
      socket.on("message", (data, isBinary) => {
        if (isBinary) return socket.close(1003, "text frames only");
        const message = readMessage(socket, data, chatMessage);
        if (message === undefined) return;
        const post = JSON.stringify({ id: ++lastId, from: request.user, text: message.text });
        for (const member of room) member.send(post);
      });
    });

    routes.get("/ticks", (_request, reply) => {
      const label = "x".repeat(1000);
      return eventStream(reply, async function* ticks(signal) {
        for (let n = 0; !signal.aborted; n++) yield `data: ${JSON.stringify({ n, label })}\n\n`;
      });
    });

    // A second per message; messages wait in an array, in order.
    routes.get("/slow", { websocket: true }, (socket) => {
      const waiting = [];
      let wake;
      let closed = false;
      socket.on("message", (data) => {
        const message = readMessage(socket, data, batch);
        if (message === undefined) return;
        waiting.push(message);
        wake?.();
      });
      socket.on("close", () => {
        closed = true;
        wake?.();
      });
      (async () => {
        for (;;) {
          if (waiting.length === 0) {
            if (closed) return;
            await new Promise((resolve) => (wake = resolve));
            continue;
          }
          const { items } = waiting.shift();
          await pause(1000);
          if (socket.readyState === 1) socket.send(JSON.stringify({ done: items.length }));
        }
      })();
    });

    // ws throws a RangeError for a reason over 123 bytes; the handler logs it, as a Fastify user's error handling would.
    routes.get("/closing", { websocket: true }, (socket) => {
      socket.on("message", (data) => {
        const message = readMessage(socket, data, closeRequest);
        if (message === undefined) return;
        try {
          socket.close(4000, message.reason);
        } catch (error) {
          console.error(`closing failed: ${error.message}`);
        }
      });
    });
  });
  return app;
}
