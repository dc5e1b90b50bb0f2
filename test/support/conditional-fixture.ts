// A program whose routes declare validators (docs/guide/conditional-requests.md, "Conditional requests"): a
// resolver's ETag and Last-Modified on a GET and a PUT, a weak ETag from a synchronous resolver, and
// @BodyETag; what the handlers and resolvers did is counted in `calls`.

/** The fixture's documents, by name. */
export type Docs = Map<string, { text: string; version: number; changed: Date }>;

export const CONDITIONAL_FIXTURE: Readonly<Record<string, string>> = {
  "src/docs.ts": `
      import { etag, lastModified, type ETag, type LastModified } from "honest";
      import type { Context } from "hono";
      export const calls = { handler: [] as string[], resolved: 0 };
      export const docs = new Map<string, { text: string; version: number; changed: Date }>([
        ["a", { text: "first", version: 1, changed: new Date("2026-01-02T03:04:05.678Z") }],
      ]);
      /** The document's version as its ETag, its change time as its Last-Modified; undefined when there is none. */
      export class DocVersion {
        async resolve(c: Context): Promise<{ etag: ETag; lastModified: LastModified } | undefined> {
          calls.resolved++;
          const doc = docs.get(c.req.param("name") ?? "");
          return doc && { etag: etag(doc.version), lastModified: lastModified(doc.changed) };
        }
      }
      /** A synchronous resolver giving a weak ETag alone. */
      export class WeakTag {
        resolve(c: Context): ETag { return etag("w" + (c.req.query("v") ?? "1"), { weak: true }); }
      }
  `,
  "src/doc.controller.ts": `
      import { BodyETag, CacheControl, Controller, Get, HttpError, Put, StatusCode } from "honest";
      import type { From, Json, Path } from "honest";
      import { calls, docs, DocVersion, WeakTag } from "./docs.js";

      /** Documents, each with a version. */
      @Controller()
      export class DocController {
        /** A document by name. */
        @Get("/docs/{name}")
        @CacheControl("private, max-age=60")
        async get(name: Path<string>, _version: From<DocVersion>): Promise<Json<{ text: string }>> {
          calls.handler.push("get");
          const doc = docs.get(name);
          if (!doc) throw new HttpError(StatusCode.NOT_FOUND, "no such doc");
          return { text: doc.text };
        }

        /** Replaces a document's text. */
        @Put("/docs/{name}")
        async put(name: Path<string>, _version: From<DocVersion>, body: Json<{ text: string }>): Promise<Json<{ text: string }>> {
          calls.handler.push("put");
          const doc = docs.get(name);
          docs.set(name, { text: body.text, version: (doc?.version ?? 0) + 1, changed: new Date((doc?.changed.getTime() ?? 0) + 60_000) });
          return body;
        }

        /** A weak tag, from ?v. */
        @Get("/weak")
        async weak(_tag: From<WeakTag>): Promise<Json<{ ok: boolean }>> {
          calls.handler.push("weak");
          return { ok: true };
        }

        /** A number, tagged by its JSON. */
        @Get("/hashed/{n}")
        @BodyETag()
        @CacheControl("no-cache")
        async hashed(n: Path<number>): Promise<Json<{ n: number }>> {
          calls.handler.push("hashed");
          return { n };
        }
      }
  `,
};
