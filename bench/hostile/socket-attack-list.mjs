import net from "node:net";
import { clientEndState, health, httpCall, rawExchange, sendAndLeave } from "./socket-probes.mjs";
import { frameHead, openWebSocket, textFrame, upgradeRequest, write } from "./raw-websocket.mjs";

// The attacks of issue 41 that bench/hostile/socket-attacks.mjs sends, each
// scaled to run in under a minute (the scale is in its name). `app` says
// which honest server takes it: "example" (node example/dist/main.js) or
// "bench" (socket-server.mjs: src/socket-attack.controller.ts, for what the
// example has no route for); Fastify's app (fastify-sockets.mjs) has every
// route. `run(t)` gets the server's port, `t.rssMb()` and `t.stderr()` (all
// the server has written there so far), and resolves with `{ answer, rssAfterMb?, health? }`: what
// came back, in a few words; the server's RSS once the attack's clients have
// left; a GET /health sent while the attack held the server (else the
// runner sends one after).

const CHAT_TOKEN = { authorization: "Bearer ada-token" };
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const range = (count) => Array.from({ length: count }, (_, index) => index);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const milliseconds = (ms) => `${Math.round(ms).toLocaleString("en-US").replaceAll(",", " ")} ms`;
const MiB = 1024 * 1024;

/** "40× 201" or "12× 201, 3× 503". */
function tally(statuses) {
  const counts = new Map();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count}× ${status}`).join(", ");
}

/** A body's start, on one line, for a table cell. */
const excerpt = (text, length = 60) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > length ? `${line.slice(0, length)}…` : line || "(empty)";
};

/** The first line the server wrote to its standard error since `from` characters. */
function logSince(t, from) {
  const first = t.stderr().slice(from).trim().split("\n")[0];
  return first ? `logged "${excerpt(first, 110)}"` : "nothing logged";
}

/** `count` WebSocket clients on the chat, `parallel` handshakes at a time. */
async function chatClients(port, count, options, parallel = 20) {
  const clients = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = range(Math.min(parallel, count - start)).map(() =>
      openWebSocket(port, upgradeRequest("GET", "/chat", CHAT_TOKEN), options),
    );
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

const leave = (clients) => {
  for (const client of clients) client.socket.destroy();
};

/** Resolves when `done()` holds, checked every 50 ms, or after `ms`; true if it held. */
async function until(done, ms) {
  const deadline = performance.now() + ms;
  while (!done()) {
    if (performance.now() > deadline) return false;
    await pause(50);
  }
  return true;
}

/** `count` connections each holding a chunked POST /items head and its first body byte; another client's POST /items 1 s and 10 s later. */
async function chunkedHolders(t, count) {
  const head = Buffer.from(
    "POST /items HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n1\r\n{\r\n",
  );
  const sockets = range(count).map(() => net.connect(t.port, "127.0.0.1"));
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          socket.on("error", resolve);
          socket.on("connect", () => socket.write(head, resolve));
        }),
    ),
  );
  const started = performance.now();
  await pause(1000);
  const first = await httpCall(t.port, "POST", "/items", { json: { name: "after the holders", price: 1 } });
  await pause(Math.max(0, 10_000 - (performance.now() - started)));
  const later = await httpCall(t.port, "POST", "/items", { json: { name: "10 s later", price: 1 } });
  const during = await health(t.port);
  for (const socket of sockets) socket.destroy();
  await pause(1000);
  const answer = (call) => (typeof call.status === "number" ? `${call.status} in ${call.ms.toFixed(0)} ms` : call.status);
  return { answer: `POST /items 1 s after: ${answer(first)}; 10 s after: ${answer(later)}`, health: during };
}

/**
 * Writes `bytes` up to `times` times within `budgetMs`, each write waiting
 * for the last to reach the kernel: how many went, how long it took, and
 * why it stopped early (the server stopped reading, or closed).
 */
async function sendRepeatedly(socket, bytes, times, budgetMs = 45_000) {
  const started = performance.now();
  let count = 0;
  let stopped = "";
  while (count < times) {
    const left = budgetMs - (performance.now() - started);
    const how = left > 0 ? await write(socket, bytes, left) : "stalled";
    if (how !== "written") {
      stopped = how === "stalled" ? ", then the server read no more" : ", then the connection failed";
      break;
    }
    count++;
  }
  return { count, ms: performance.now() - started, stopped };
}

export const SOCKET_ATTACKS = [
  {
    name: "1. `Upgrade: websocket` on the live feed (GET /items/changes), 100 clients gone at once, then 40 POST /items of 100 kB",
    app: "example",
    async run(t) {
      await Promise.all(range(100).map(() => sendAndLeave(t.port, upgradeRequest("GET", "/items/changes"))));
      await pause(1000);
      const afterUpgrades = t.rssMb();
      const started = performance.now();
      const statuses = [];
      const name = "n".repeat(100_000);
      for (const _ of range(40)) {
        const { status } = await httpCall(t.port, "POST", "/items", { json: { name, price: 1 } });
        statuses.push(status);
        if (typeof status !== "number") break;
      }
      const postsMs = performance.now() - started;
      await pause(1000);
      return {
        answer: `RSS ${afterUpgrades.toFixed(0)} MB after the 100; the posts: ${tally(statuses)} in ${milliseconds(postsMs)}`,
      };
    },
  },
  {
    name: "1. `Upgrade: websocket` on an endless SSE of 1 kB ticks (GET /ticks), 1 client gone at once, watched 20 s (stopped past 1.5 GB)",
    app: "bench",
    async run(t) {
      const started = performance.now();
      await sendAndLeave(t.port, upgradeRequest("GET", "/ticks"));
      await pause(1000);
      const asked = performance.now();
      let answered;
      health(t.port, 19_000).then((answer) => (answered = answer));
      let passed;
      await until(() => {
        if (t.rssMb() > 1500) passed ??= performance.now() - started;
        return passed !== undefined || performance.now() - started > 20_000;
      }, 21_000);
      return {
        answer: passed === undefined ? `RSS ${t.rssMb().toFixed(0)} MB after 20 s` : `RSS past 1.5 GB after ${seconds(passed)}`,
        health: answered ?? { status: "no answer", ms: performance.now() - asked },
      };
    },
  },
  {
    name: "1. DELETE /items/1 with `Connection: Upgrade, Upgrade: websocket`",
    app: "example",
    async run(t) {
      const deleted = await rawExchange(t.port, upgradeRequest("DELETE", "/items/1"));
      const after = await httpCall(t.port, "GET", "/items/1");
      return {
        answer: `${deleted.status}, body ${excerpt(deleted.body, 50)}; GET /items/1 then: ${after.status}${after.status === 200 ? " (still there)" : ""}`,
      };
    },
  },
  {
    name: "1. OPTIONS /items (a CORS preflight) with `Connection: Upgrade, Upgrade: websocket`",
    app: "example",
    async run(t) {
      const preflight = await rawExchange(
        t.port,
        upgradeRequest("OPTIONS", "/items", { origin: "https://app.example", "access-control-request-method": "DELETE" }),
      );
      return { answer: `${preflight.status}, body ${excerpt(preflight.body, 50)}` };
    },
  },
  {
    name: '2. One /chat client that never reads, sending 15 MiB of refused messages (`{"text":0}`, 983 040 frames of 16 bytes)',
    app: "example",
    async run(t) {
      const client = await openWebSocket(t.port, upgradeRequest("GET", "/chat", CHAT_TOKEN), { reading: false });
      if (client.status !== 101) return { answer: `upgrade answered ${client.status}` };
      const frame = textFrame('{"text":0}');
      const chunk = Buffer.concat(range(4096).map(() => frame));
      const sent = await sendRepeatedly(client.socket, chunk, 240); // 240 × 4 096 frames of 16 bytes: 15 MiB
      await pause(2000);
      const during = await health(t.port);
      const state = clientEndState(client.socket);
      client.socket.destroy();
      await pause(3000);
      return {
        answer: `${((sent.count * chunk.length) / MiB).toFixed(1)} MiB written in ${seconds(sent.ms)}${sent.stopped}, connection ${state} 2 s later`,
        rssAfterMb: t.rssMb(),
        health: during,
      };
    },
  },
  {
    name: "2. 20 /chat clients that never read, while one client posts 50 000 messages of 500 characters (each broadcast to all 21)",
    app: "example",
    async run(t) {
      const readers = await chatClients(t.port, 20, { reading: false });
      const text = JSON.stringify({ text: "m".repeat(500) });
      const frame = textFrame(text);
      const total = 50_000;
      const window = 100;
      let sent = 0;
      let finished;
      const allEchoed = new Promise((resolve) => (finished = resolve));
      const poster = await openWebSocket(t.port, upgradeRequest("GET", "/chat", CHAT_TOKEN), {
        onMessage: () => {
          if (sent < total) {
            poster.socket.write(frame);
            sent++;
          }
          if (poster.frames.messages >= total) finished();
        },
      });
      if (poster.status !== 101 || readers.some((reader) => reader.status !== 101))
        return { answer: `upgrades answered ${tally([poster, ...readers].map((client) => client.status))}` };
      const started = performance.now();
      for (const _ of range(window)) {
        poster.socket.write(frame);
        sent++;
      }
      await Promise.race([allEchoed, pause(45_000)]);
      const postMs = performance.now() - started;
      const echoed = poster.frames.messages;
      const during = await health(t.port);
      leave([poster, ...readers]);
      await pause(3000);
      return {
        answer: `${echoed.toLocaleString("en-US").replaceAll(",", " ")} posts echoed to the poster in ${seconds(postMs)}`,
        rssAfterMb: t.rssMb(),
        health: during,
      };
    },
  },
  {
    name: "3. A handler taking 1 s per message (WS /slow): one connection sends 100 messages of 896 kB, each 112 000 objects",
    app: "bench",
    async run(t) {
      const client = await openWebSocket(t.port, upgradeRequest("GET", "/slow"));
      if (client.status !== 101) return { answer: `upgrade answered ${client.status}` };
      const message = textFrame(`{"items":[${Array(112_000).fill('{"n":1}').join(",")}]}`);
      const sent = await sendRepeatedly(client.socket, message, 100);
      await pause(3000);
      const during = await health(t.port);
      const state = clientEndState(client.socket);
      const done = client.frames.messages;
      client.socket.destroy();
      await pause(3000);
      return {
        answer: `${sent.count} messages written in ${seconds(sent.ms)}${sent.stopped}, ${done} handled 3 s later, connection ${state}`,
        rssAfterMb: t.rssMb(),
        health: during,
      };
    },
  },
  {
    name: "4. 32 connections each holding a chunked POST /items head and 1 body byte, then another client's POST /items",
    app: "example",
    run: (t) => chunkedHolders(t, 32),
  },
  {
    name: "4. The same with 300 holders",
    app: "example",
    run: (t) => chunkedHolders(t, 300),
  },
  {
    name: "5. 200 /chat connections each holding an unfinished 1 MiB frame (head announcing 1 MiB, all but its last byte sent)",
    app: "example",
    async run(t) {
      const clients = await chatClients(t.port, 200, { reading: false });
      const opened = clients.filter((client) => client.status === 101);
      const unfinished = Buffer.concat([frameHead(MiB), Buffer.alloc(MiB - 1, 0x20)]);
      const written = await Promise.all(opened.map((client) => write(client.socket, unfinished)));
      await pause(3000);
      const during = await health(t.port);
      const post = await httpCall(t.port, "POST", "/items", { json: { name: "meanwhile", price: 1 } });
      const held = opened.filter((client) => clientEndState(client.socket) === "still open").length;
      leave(clients);
      await pause(3000);
      return {
        answer: `unfinished frames: ${tally(written)}, ${held} connections still open 3 s later; POST /items then: ${post.status}`,
        rssAfterMb: t.rssMb(),
        health: during,
      };
    },
  },
  {
    name: "7. Idle: a silent WebSocket on /chat (never reads, never pongs) and an SSE client of /items/changes that never reads, watched up to 60 s",
    app: "example",
    async run(t) {
      const idleMs = Number(process.env.SOCKET_IDLE_SECONDS ?? 60) * 1000;
      const socket = await openWebSocket(t.port, upgradeRequest("GET", "/chat", CHAT_TOKEN), { reading: false });
      const feed = await openWebSocket(
        t.port,
        Buffer.from("GET /items/changes HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: text/event-stream\r\n\r\n"),
        { reading: false },
      );
      const started = performance.now();
      const freed = new Map();
      const watched = [
        ["WebSocket", socket],
        ["SSE", feed],
      ].filter(([, client]) => client.status !== "closed");
      await until(() => {
        for (const [name, client] of watched)
          if (!freed.has(name) && clientEndState(client.socket) !== "still open") freed.set(name, performance.now() - started);
        return freed.size === watched.length;
      }, idleMs);
      const during = await health(t.port);
      leave([socket, feed]);
      const fate = (name) => (freed.has(name) ? `freed after ${seconds(freed.get(name))}` : `still open after ${seconds(idleMs)}`);
      return {
        answer: `WebSocket (${socket.status}): ${fate("WebSocket")}; SSE (${feed.status}): ${fate("SSE")}`,
        health: during,
      };
    },
  },
  {
    name: "10. An upgrade of /chat (valid token) from another origin (`Origin: https://evil.example`)",
    app: "example",
    async run(t) {
      const client = await openWebSocket(t.port, upgradeRequest("GET", "/chat", { ...CHAT_TOKEN, origin: "https://evil.example" }));
      leave([client]);
      return { answer: `${client.status}${client.status === 101 ? " (accepted)" : ""}` };
    },
  },
  {
    name: "10. `close(4000, reason)` with a reason of 200 bytes (WS /closing, the reason sent in a message)",
    app: "bench",
    async run(t) {
      const client = await openWebSocket(t.port, upgradeRequest("GET", "/closing"));
      if (client.status !== 101) return { answer: `upgrade answered ${client.status}` };
      const from = t.stderr().length;
      client.socket.write(textFrame(JSON.stringify({ reason: "r".repeat(200) })));
      await until(() => client.frames.close !== undefined, 3000);
      const close = client.frames.close;
      const state = clientEndState(client.socket);
      leave([client]);
      await pause(200);
      const closing = close
        ? `close frame ${close.code ?? "without a code"}, reason of ${Buffer.byteLength(close.reason)} bytes`
        : "no close frame in 3 s";
      return { answer: `${closing}, connection ${state}; ${logSince(t, from)}` };
    },
  },
  {
    name: "10. An upgrade of /chat (valid token) with `Connection: keep-alive` and `Upgrade: websocket`",
    app: "example",
    async run(t) {
      const from = t.stderr().length;
      const answer = await rawExchange(t.port, upgradeRequest("GET", "/chat", { ...CHAT_TOKEN, connection: "keep-alive" }));
      await pause(200);
      return { answer: `${answer.status}, body ${excerpt(answer.body, 60)}; ${logSince(t, from)}` };
    },
  },
];
