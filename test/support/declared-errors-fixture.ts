import { readFileSync } from "node:fs";
import path from "node:path";
import { type Compiled, compileFixture } from "./compile.js";

// A program whose handlers declare the errors they answer with (docs/guide/errors.md, "Errors a route declares"):
// an HttpError returned and thrown, one with typed extensions, a bare 401 with WWW-Authenticate, a synchronous
// route, a bearerAuth middleware's 401; `build` compiles it with an app (with or without an error format), writing the document and the client.

export type Doc = Record<string, any>;

const CONTROLLER = `
  import { Controller, Delete, Get, HttpError, Post, StatusCode, Use } from "honest";
  import type { i64, Json, Path } from "honest";
  import type { Context } from "hono";
  import { bearerAuth } from "hono/bearer-auth";

  export interface Item { id: i64; name: string }
  /** What a 409 says besides the standard members: the field whose value is taken. */
  export interface Taken { field: string; owner?: string }

  @Controller({ prefix: "/items" })
  export class ItemController {
    /** One item; a 404 when there is none. */
    @Get("/{id}")
    async get(id: Path<i64>): Promise<Json<Item> | HttpError<404>> {
      if (id === 1n) return { id, name: "one" };
      return new HttpError(StatusCode.NOT_FOUND, \`no item \${id}\`);
    }

    /** A new item; a 409 naming the field when its name is taken. */
    @Post("/")
    async create(body: Json<Item>): Promise<Json<Item, 201> | HttpError<409, Taken>> {
      if (body.name === "taken") return new HttpError(StatusCode.CONFLICT, "the name is taken", { field: "name" });
      if (body.name === "gone") throw new HttpError(StatusCode.GONE, "not declared, still answered");
      if (body.name === "thrown") throw new HttpError(StatusCode.CONFLICT, "thrown works too", { field: "name" });
      return body;
    }

    /** Removes an item: a 401 without a body, only WWW-Authenticate, when the request has no credentials. */
    @Delete("/{id}")
    async remove(id: Path<i64>, c: Context): Promise<typeof StatusCode.NO_CONTENT | typeof StatusCode.UNAUTHORIZED> {
      if (c.req.header("authorization") === undefined) {
        c.header("www-authenticate", 'Bearer realm="items"');
        return StatusCode.UNAUTHORIZED;
      }
      return id > 0n ? StatusCode.NO_CONTENT : StatusCode.UNAUTHORIZED;
    }

    /** A handler that never awaits answers in the same turn: its HttpError too. */
    @Get("/{id}/now")
    async now(id: Path<i64>): Promise<Json<Item> | HttpError<404> | HttpError<410>> {
      return id === 1n ? { id, name: "one" } : new HttpError(id === 2n ? StatusCode.GONE : StatusCode.NOT_FOUND);
    }
  }

  /** Behind a bearer token: bearerAuth refuses a request without it with a 401 and WWW-Authenticate. */
  @Controller({ prefix: "/admin" })
  @Use(bearerAuth({ token: "s3cret" }))
  export class AdminController {
    /** The admin's view. */
    @Get("/")
    async view(): Promise<Json<{ admin: boolean }>> {
      return { admin: true };
    }
  }
`;

/** honest's problem documents only. */
export const PLAIN_APP = `
  import { createApp } from "honest";
  export const app = createApp({ log: false });
`;

/** An error format whose 401 has no body, and a default entry for every other status. */
export const FORMAT_APP = `
  import { createApp, StatusCode } from "honest";
  import type { Json, Problem } from "honest";

  /** The app's errors: a message and the status. */
  export interface ApiError { message: string; status: number }

  export const app = createApp({
    log: false,
    renderError: {
      401: (): typeof StatusCode.UNAUTHORIZED => StatusCode.UNAUTHORIZED,
      default: (problem: Problem): Json<ApiError> => ({ message: problem.detail, status: problem.status }),
    },
  });
`;

/** `client`: where to write the generated client, if anywhere. */
export function build(name: string, app: string, client?: string): { compiled: Compiled; file: string; document: () => Doc } {
  const file = path.resolve(import.meta.dirname, `../.out/${name}-openapi.json`);
  const compiled = compileFixture(
    name,
    { "src/items.controller.ts": CONTROLLER, "src/app.ts": app },
    {},
    { plugin: { openapi: { file, title: "Items", version: "1.0.0" }, ...(client && { client }) } },
  );
  return { compiled, file, document: () => JSON.parse(readFileSync(file, "utf8")) as Doc };
}
