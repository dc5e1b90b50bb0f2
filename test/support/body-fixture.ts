import { expect } from "vitest";
import type { Hono } from "hono";
import { compileFixture } from "./compile.js";

// A fixture for Json<T> bodies: controllers whose handlers give each body
// they receive to `take` and answer 204, compiled with the real transformer.
// `post` sends a body and says what the handler received, or the problem
// document of a request that never reached it.

/** What a body fixture's source may use: `take`, `i64`, `Json`, `Controller`, `Post`, `StatusCode`. */
export const BODY_PRELUDE = `import { Controller, Post, StatusCode } from "honest";
import type { i64, Json } from "honest";

export const received: unknown[] = [];
const take = (body: unknown): StatusCode => { received.push(body); return StatusCode.NO_CONTENT; };
`;

export interface Posted {
  readonly status: number;
  /** What the handler received, for a 204. */
  readonly received?: any;
  /** The problem document, for anything else. */
  readonly problem?: any;
}

export interface BodyFixture {
  /** A string is sent as UTF-8; bytes as they are. */
  post(path: string, body: string | Uint8Array<ArrayBuffer>): Promise<Posted>;
}

/** `source` may use `take`, `i64`, `Json`, `Controller`, `Post` and `StatusCode`. */
export async function compileBodyFixture(name: string, source: string, appOptions = "{ log: false }"): Promise<BodyFixture> {
  const compiled = compileFixture(name, {
    "src/bodies.ts": BODY_PRELUDE + source,
    "src/app.ts": `import { createApp } from "honest";\nexport const app = createApp(${appOptions});\n`,
  });
  expect(compiled.diagnostics).toEqual([]);
  const { app } = await compiled.load<{ app: Hono }>("src/app.ts");
  const { received } = await compiled.load<{ received: unknown[] }>("src/bodies.ts");
  return {
    async post(path, body) {
      const before = received.length;
      const response = await app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body });
      if (response.status === 204) {
        expect(received.length).toBe(before + 1);
        return { status: 204, received: received[received.length - 1] };
      }
      expect(received.length).toBe(before);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      return { status: response.status, problem: await response.json() };
    },
  };
}
