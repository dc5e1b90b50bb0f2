import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "honest/node";
import { serveForTest } from "../support/http.js";
import { type RawAnswer, rawBody, rawExchange } from "../support/raw-socket.js";
import { freshExample, loadComponents, type Components, type Example } from "./fuzzed-example.js";
import {
  describeRawRequest,
  hasDotSegment,
  rawBytes,
  rawRequest,
  type RawRequest,
  WEBSOCKET_ACCEPT,
  withoutUpgrade,
} from "./raw-requests.js";

// Part of `npm run fuzz` and `npm test`: requests only raw bytes can make
// (dot segments left as written, headers given twice or not at all, codings,
// bodies in pieces from one byte up), written on real sockets to the example
// served by honest's `serve`, a fresh app for each sequence. Whatever is sent:
// an answer comes, never a 5xx; every answer that is not 2xx is a problem
// document and changes nothing; a dot segment is always a 400; a GET changes
// nothing. A multipart upload with a trick readers take two ways is never a
// 2xx; one without is a 201 when its framing is plain; the file name a 2xx
// gives back has no `/`, `\` or control character. Any of them may ask for
// an upgrade: only a WebSocket handshake (a GET asking for `Upgrade:
// websocket`, with its key) to the chat's route is a 101; any other is
// answered as the request it is, the live feed's server-sent events
// included. FUZZ_SEED and FUZZ_PATH replay a failure, SOCKET_FUZZ_RUNS sets
// the number of sequences.

const SEQUENCE_LENGTH = 5;
const RUNS = Number(process.env.SOCKET_FUZZ_RUNS || 600);
const SEED = Number(process.env.FUZZ_SEED || 20_261_123);
const REPLAY_PATH = process.env.FUZZ_PATH || undefined;

interface Served {
  readonly example: Example;
  readonly running: RunningServer;
  readonly port: number;
}

let components: Components;
/** The sequence's example, sent the requests as generated. */
let current: Served | undefined;
/** Its twin, sent each request without the upgrade it asks for: the answer an upgrade request must get. */
let twin: Served | undefined;
beforeAll(async () => {
  components = await loadComponents();
});
afterAll(() => Promise.all([current?.running.close(), twin?.running.close()]));

/** A fresh example, served as itself, so that serve takes its socket route's upgrades. */
async function serveFresh(): Promise<Served> {
  const example = await freshExample(components);
  const running = serveForTest(example.app, { gracePeriod: 100 });
  return { example, running, port: (await running.listening).port };
}

/** The answer: whole, or its head alone for a 101 or a stream of events, which have no end. */
async function answerTo(port: number, request: RawRequest): Promise<RawAnswer> {
  const exchange = await rawExchange(port);
  exchange.write(rawBytes(request)).catch(() => {}); // a server that refuses early may close before the last byte
  const head = await exchange.head(10_000);
  const answer = head.status === 101 || isEventStream(head) ? head : await exchange.answer(10_000);
  exchange.socket.destroy();
  return answer;
}

/** A header's value in the answer's head, the first if given twice. */
function headerOf(answer: RawAnswer, name: string): string | undefined {
  const headEnd = answer.text.indexOf("\r\n\r\n");
  const lines = answer.text.slice(0, headEnd === -1 ? undefined : headEnd).split("\r\n");
  const line = lines.find((each) => each.toLowerCase().startsWith(`${name}:`));
  return line?.slice(name.length + 1).trim();
}

function isEventStream(answer: RawAnswer): boolean {
  return headerOf(answer, "content-type") === "text/event-stream";
}

/** A state as the twin's would be: the time each app started is its own. */
function sameApart(state: string): string {
  return state.replace(/"startedAt":\d+/, '"startedAt":0');
}

/** Whether the request may be a WebSocket handshake to the chat, which its twin (no upgrade asked) cannot be. */
function mayBeHandshake(request: RawRequest): boolean {
  return request.upgrade?.protocol === "websocket" && request.method === "GET" && request.target.includes("chat");
}

async function sendAndCheck(request: RawRequest, tallies: Tallies): Promise<void> {
  const { example } = current!;
  const before = await example.state();
  const answer = await answerTo(current!.port, request);
  const after = await example.state();
  const plain = await answerTo(twin!.port, request.upgrade === undefined ? request : withoutUpgrade(request));
  const what = `${describeRawRequest(request)} → ${answer.status}`;
  const { statuses, uploads, upgrades } = tallies;

  expect(answer.status, `${what}: no answer`).toBeDefined();
  const status = answer.status!;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (request.upload !== undefined) uploads.set(status, (uploads.get(status) ?? 0) + 1);
  if (request.upgrade !== undefined) upgrades.set(status, (upgrades.get(status) ?? 0) + 1);
  if (!mayBeHandshake(request)) {
    // docs/guide/websockets.md, "Limits and liveness": any request but a socket route's handshake is answered as the
    // request it is without the upgrade, and changes what that request changes.
    expect(status, `${what}: not the answer without the upgrade`).toBe(plain.status);
    expect(sameApart(after), `${what}: changed other than the request without the upgrade`).toBe(sameApart(await twin!.example.state()));
  }
  expect(status, `${what}: a server error`).toBeLessThan(500);
  // The example's cors(), on every path, answers each OPTIONS itself (a preflight, which serves nothing).
  if (hasDotSegment(request.target) && request.method !== "OPTIONS") expect(status, `${what}: a dot segment was served`).toBe(400);
  if (request.method === "GET") expect(after, `${what}: a GET changed state`).toBe(before);
  if (request.upload !== undefined) checkUpload(request, answer, what, hasItemOne(before));
  const path = request.target.split("?")[0];
  if (status === 101) {
    // docs/guide/websockets.md, "Limits and liveness": only a socket route's handshake is upgraded.
    expect(request.method, `${what}: upgraded a request that is no GET`).toBe("GET");
    expect(path, `${what}: upgraded a request to a path that is no socket route`).toBe("/chat");
    expect(request.upgrade, `${what}: upgraded a request that asked for no WebSocket`).toMatchObject({ protocol: "websocket", key: true });
    expect(headerOf(answer, "sec-websocket-accept"), `${what}: a 101 without the key's accept`).toBe(WEBSOCKET_ACCEPT);
    expect(after, `${what}: an upgrade changed state`).toBe(before);
    return;
  }
  if (isEventStream(answer)) {
    expect(status, what).toBe(200);
    expect(path, `${what}: a stream of events from a route that has none`).toBe("/items/changes");
    expect(["GET", "HEAD"], `${what}: a stream of events for a ${request.method}`).toContain(request.method);
    return;
  }
  if (status >= 200 && status < 300) return;
  expect(after, `${what}: changed state without a 2xx`).toBe(before);
  expect(answer.text, `${what}: not a problem document`).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/i);
  if (request.method === "HEAD") expect(rawBody(answer), `${what}: a HEAD answer with a body`).toBe("");
  else expect(JSON.parse(rawBody(answer)), what).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
}

/** Whether item 1, whose photo the uploads send, is in the store: a DELETE of it (any method may be sent) makes them 404s. */
function hasItemOne(state: string): boolean {
  return (JSON.parse(state) as { items: { id: string }[] }).items.some((item) => item.id === "1n");
}

/** docs/guide/forms-and-uploads.md, "Forms and file uploads": one reading of every form, and a file name that is a base name. */
function checkUpload(request: RawRequest, answer: RawAnswer, what: string, itemExists: boolean): void {
  const status = answer.status!;
  const { framing } = request;
  const bytes = Buffer.byteLength(request.body!);
  const pieces = framing.kind === "length" ? 1 : Math.ceil(bytes / framing.pieceSize);
  // Refused for its framing alone: a transfer coding, or pieces too many and too small (docs/reference/limits.md, "Limits, timeouts and failures").
  const plain =
    (framing.kind === "length" || framing.transferEncoding.toLowerCase() === "chunked") && !(pieces > 1024 && bytes < pieces * 32);
  if (request.upload!.mustRefuse) expect(status, `${what}: a form read two ways was accepted`).toBeGreaterThanOrEqual(300);
  else if (plain && itemExists) {
    // Read, it reaches the handler: a 201, or the example's own 415 for a file that is no image (its type, else its name's extension).
    const refusedAsNoImage = status === 415 && rawBody(answer).includes('"detail":"a photo is a png, jpeg, gif or webp image; got ');
    if (!refusedAsNoImage) expect(status, `${what}: a form with one reading was refused: ${rawBody(answer)}`).toBe(201);
  }
  if (status >= 200 && status < 300) {
    const { name } = JSON.parse(rawBody(answer)) as { name: string };
    const control = [...name].some(
      (character) => character.charCodeAt(0) < 0x20 || (character.charCodeAt(0) >= 0x7f && character.charCodeAt(0) <= 0x9f),
    );
    expect(name, `${what}: the handler saw a file name with a directory`).not.toMatch(/[/\\]/);
    expect(control, `${what}: the handler saw a file name with a control character: ${JSON.stringify(name)}`).toBe(false);
  }
}

/** How many answers of each status: all, the uploads', and those to requests asking for an upgrade. */
interface Tallies {
  readonly statuses: Map<number, number>;
  readonly uploads: Map<number, number>;
  readonly upgrades: Map<number, number>;
}

function tally(statuses: Map<number, number>): string {
  return [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
}

describe(`socket fuzz: ${RUNS * SEQUENCE_LENGTH} raw requests to the example (seed ${SEED})`, () => {
  it("an answer for each, no 5xx, problem documents for errors that change nothing, dot segments refused, uploads read one way, upgrades only for a handshake", async () => {
    const tallies: Tallies = { statuses: new Map(), uploads: new Map(), upgrades: new Map() };
    const { statuses, uploads, upgrades } = tallies;
    await fc.assert(
      fc.asyncProperty(fc.array(rawRequest, { minLength: SEQUENCE_LENGTH, maxLength: SEQUENCE_LENGTH }), async (requests) => {
        await Promise.all([current?.running.close(), twin?.running.close()]);
        [current, twin] = await Promise.all([serveFresh(), serveFresh()]);
        for (const request of requests) await sendAndCheck(request, tallies);
      }),
      { numRuns: RUNS, seed: SEED, ...(REPLAY_PATH === undefined ? {} : { path: REPLAY_PATH }) },
    );
    console.log(
      `socket fuzz: seed ${SEED}; ${tally(statuses)}; of them multipart uploads: ${tally(uploads)}; asking for an upgrade: ${tally(upgrades)}`,
    );
    if (REPLAY_PATH === undefined && RUNS >= 600) {
      for (const status of [101, 200, 201, 204, 400, 415, 426]) expect(statuses.get(status), `no ${status} answer`).toBeGreaterThan(0);
      for (const status of [201, 400]) expect(uploads.get(status), `no upload answered ${status}`).toBeGreaterThan(0);
      for (const status of [101, 200, 201, 204, 400, 401])
        expect(upgrades.get(status), `no request asking for an upgrade answered ${status}`).toBeGreaterThan(0);
    }
  }, 300_000);
});
