import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "honest/node";
import { serveForTest } from "../support/http.js";
import { type RawAnswer, rawBody, rawExchange } from "../support/raw-socket.js";
import { freshExample, loadComponents, type Components, type Example } from "./fuzzed-example.js";
import { describeRawRequest, hasDotSegment, rawBytes, rawRequest, type RawRequest } from "./raw-requests.js";

// Part of `npm run fuzz` and `npm test`: requests only raw bytes can make
// (dot segments left as written, headers given twice or not at all, codings,
// bodies in pieces from one byte up), written on real sockets to the example
// served by honest's `serve`, a fresh app for each sequence. Whatever is sent:
// an answer comes, never a 5xx; every answer that is not 2xx is a problem
// document and changes nothing; a dot segment is always a 400; a GET changes
// nothing. A multipart upload with a trick readers take two ways is never a
// 2xx; one without is a 201 when its framing is plain; the file name a 2xx
// gives back has no `/`, `\` or control character. FUZZ_SEED and FUZZ_PATH
// replay a failure, SOCKET_FUZZ_RUNS sets the number of sequences.

const SEQUENCE_LENGTH = 5;
const RUNS = Number(process.env.SOCKET_FUZZ_RUNS || 600);
const SEED = Number(process.env.FUZZ_SEED || 20_261_123);
const REPLAY_PATH = process.env.FUZZ_PATH || undefined;

let components: Components;
let current: Example;
let running: RunningServer;
let port: number;
beforeAll(async () => {
  components = await loadComponents();
  current = await freshExample(components);
  // One server for the run; each sequence's requests go to that sequence's fresh app.
  running = serveForTest({ fetch: (request: Request, env: unknown) => current.app.fetch(request, env) });
  port = (await running.listening).port;
});
afterAll(() => running.close());

async function sendAndCheck(request: RawRequest, statuses: Map<number, number>, uploads: Map<number, number>): Promise<void> {
  const before = await current.state();
  const exchange = await rawExchange(port);
  exchange.write(rawBytes(request)).catch(() => {}); // a server that refuses early may close before the last byte
  const answer = await exchange.answer(10_000);
  exchange.socket.destroy();
  const after = await current.state();
  const what = `${describeRawRequest(request)} → ${answer.status}`;

  expect(answer.status, `${what}: no answer`).toBeDefined();
  const status = answer.status!;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (request.upload !== undefined) uploads.set(status, (uploads.get(status) ?? 0) + 1);
  expect(status, `${what}: a server error`).toBeLessThan(500);
  if (hasDotSegment(request.target)) expect(status, `${what}: a dot segment was served`).toBe(400);
  if (request.method === "GET") expect(after, `${what}: a GET changed state`).toBe(before);
  if (request.upload !== undefined) checkUpload(request, answer, what);
  if (status >= 200 && status < 300) return;
  expect(after, `${what}: changed state without a 2xx`).toBe(before);
  expect(answer.text, `${what}: not a problem document`).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/i);
  expect(JSON.parse(rawBody(answer)), what).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
}

/** docs/guide/forms-and-uploads.md, "Forms and file uploads": one reading of every form, and a file name that is a base name. */
function checkUpload(request: RawRequest, answer: RawAnswer, what: string): void {
  const status = answer.status!;
  const { framing } = request;
  const bytes = Buffer.byteLength(request.body!);
  const pieces = framing.kind === "length" ? 1 : Math.ceil(bytes / framing.pieceSize);
  // Refused for its framing alone: a transfer coding, or pieces too many and too small (docs/reference/limits.md, "Limits, timeouts and failures").
  const plain =
    (framing.kind === "length" || framing.transferEncoding.toLowerCase() === "chunked") && !(pieces > 1024 && bytes < pieces * 32);
  if (request.upload!.mustRefuse) expect(status, `${what}: a form read two ways was accepted`).toBeGreaterThanOrEqual(300);
  else if (plain) expect(status, `${what}: a form with one reading was refused: ${rawBody(answer)}`).toBe(201);
  if (status >= 200 && status < 300) {
    const { name } = JSON.parse(rawBody(answer)) as { name: string };
    const control = [...name].some(
      (character) => character.charCodeAt(0) < 0x20 || (character.charCodeAt(0) >= 0x7f && character.charCodeAt(0) <= 0x9f),
    );
    expect(name, `${what}: the handler saw a file name with a directory`).not.toMatch(/[/\\]/);
    expect(control, `${what}: the handler saw a file name with a control character: ${JSON.stringify(name)}`).toBe(false);
  }
}

function tally(statuses: Map<number, number>): string {
  return [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
}

describe(`socket fuzz: ${RUNS * SEQUENCE_LENGTH} raw requests to the example (seed ${SEED})`, () => {
  it("an answer for each, no 5xx, problem documents for errors that change nothing, dot segments refused, uploads read one way", async () => {
    const statuses = new Map<number, number>();
    const uploads = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(rawRequest, { minLength: SEQUENCE_LENGTH, maxLength: SEQUENCE_LENGTH }), async (requests) => {
        current = await freshExample(components);
        for (const request of requests) await sendAndCheck(request, statuses, uploads);
      }),
      { numRuns: RUNS, seed: SEED, ...(REPLAY_PATH === undefined ? {} : { path: REPLAY_PATH }) },
    );
    console.log(`socket fuzz: seed ${SEED}; ${tally(statuses)}; of them multipart uploads: ${tally(uploads)}`);
    if (REPLAY_PATH === undefined && RUNS >= 600) {
      for (const status of [200, 201, 204, 400, 415]) expect(statuses.get(status), `no ${status} answer`).toBeGreaterThan(0);
      for (const status of [201, 400]) expect(uploads.get(status), `no upload answered ${status}`).toBeGreaterThan(0);
    }
  }, 300_000);
});
