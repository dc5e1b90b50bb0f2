import { afterAll, beforeAll, expect } from "vitest";
import type { Hono } from "hono";
import type { RunningServer } from "honest/node";
import { compileFixture } from "./compile.js";
import { serveForTest } from "./http.js";
import { rawBody, rawExchange, requestBytes } from "./raw-socket.js";

// The app an adversarial probe sent its requests to (issue 26's shapes):
// a constrained string in a body, a form and each typed input, and unions
// without a discriminant whose members lead back to themselves. Compiled by
// the real transformer and served by honest's `serve`; requests go out as
// raw bytes on a socket.

const SOURCE = `
import { Controller, Get, Post, StatusCode } from "honest";
import type { Cookie, Form, Header, Json, MaxLength, Pattern, Query } from "honest";

type Guarded = string & MaxLength<20> & Pattern<"\\\\d+x">;
interface GuardedFields { guarded?: Guarded }

export interface NA { a: string; next?: NA | NB }
export interface NB { b: number; next?: NA | NB }
export interface TA { a: string; next?: TA | TB | TC }
export interface TB { b: number; next?: TA | TB | TC }
export interface TC { c: boolean; next?: TA | TB | TC }
/** The required key after \`next\`: a member tried first reads the whole chain before it fails. */
export interface LateA { next?: LateA | LateB; a: string }
export interface LateB { next?: LateA | LateB; b: number }

type Chain = { next?: Chain } & object;
function depthOf(value: Chain): number {
  let depth = 1;
  for (let at = value.next; at !== undefined; at = at.next) depth++;
  return depth;
}

@Controller()
export class Hostile {
  @Get("/health") async health(): Promise<Json<{ ok: boolean }>> { return { ok: true }; }
  @Post("/guarded") async guarded(body: Json<GuardedFields>): Promise<StatusCode> { return StatusCode.NO_CONTENT; }
  @Post("/guarded-form") async guardedForm(form: Form<GuardedFields>): Promise<StatusCode> { return StatusCode.NO_CONTENT; }
  @Get("/guarded-inputs") async guardedInputs(
    query: Query<{ q?: Guarded }>,
    header: Header<{ "x-guarded"?: Guarded }>,
    cookie: Cookie<{ guarded?: Guarded }>,
  ): Promise<StatusCode> { return StatusCode.NO_CONTENT; }
  @Post("/chain") async chain(body: Json<NA | NB>): Promise<Json<{ depth: number }>> { return { depth: depthOf(body) }; }
  @Post("/chain3") async chain3(body: Json<TA | TB | TC>): Promise<Json<{ depth: number }>> { return { depth: depthOf(body) }; }
  @Post("/late") async late(body: Json<LateA | LateB>): Promise<Json<{ depth: number }>> { return { depth: depthOf(body) }; }
}
`;

export interface Answer {
  readonly status: number | undefined;
  readonly headers: string;
  /** The parsed JSON body, if any. */
  readonly body: any;
}

export interface HostileServer {
  readonly port: number;
  /** Sends the request as raw bytes with a content-length, and reads the answer. */
  send(method: string, path: string, headers?: Readonly<Record<string, string>>, body?: string): Promise<Answer>;
  close(): Promise<void>;
}

let compiled: Promise<Hono> | undefined;

/** The app, compiled once per test file. */
export function hostileApp(): Promise<Hono> {
  compiled ??= (async () => {
    const fixture = compileFixture("hostile-app", {
      "src/hostile.ts": SOURCE,
      "src/app.ts": `import { createApp } from "honest";\nimport "./hostile.js";\nexport const app = createApp({ log: false });\n`,
    });
    expect(fixture.diagnostics).toEqual([]);
    return (await fixture.load<{ app: Hono }>("src/app.ts")).app;
  })();
  return compiled;
}

/** Serves the app for the tests of one file: started before them, closed after them. */
export function serveHostileAppForFile(): HostileServer {
  let served: HostileServer | undefined;
  beforeAll(async () => {
    served = await serveHostileApp();
  });
  afterAll(() => served?.close());
  return {
    get port() {
      return served!.port;
    },
    send: (...args) => served!.send(...args),
    close: () => served!.close(),
  };
}

export async function serveHostileApp(): Promise<HostileServer> {
  const running: RunningServer = serveForTest(await hostileApp());
  const { port } = await running.listening;
  return {
    port,
    async send(method, path, headers = {}, body = "") {
      const length: Record<string, string> = body === "" ? {} : { "content-length": String(Buffer.byteLength(body)) };
      const exchange = await rawExchange(port, requestBytes(method, path, { ...headers, ...length }, body));
      const answer = await exchange.answer(60_000);
      exchange.socket.destroy();
      const text = rawBody(answer);
      return {
        status: answer.status,
        headers: answer.text.slice(0, answer.text.indexOf("\r\n\r\n")),
        body: text === "" ? undefined : JSON.parse(text),
      };
    },
    close: () => running.close(),
  };
}

/** `{"next":{"next":...inner...}}` with `levels` objects around `inner`, each given `fields`. */
export function nested(levels: number, fields: string, inner: string): string {
  return `${`{${fields}"next":`.repeat(levels)}${inner}${"}".repeat(levels)}`;
}
