import { beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { compiledApp } from "../support/compiled-app.js";

// docs/guide/json-bodies-and-responses.md, "JSON bodies and responses": Promise<Json<T>> sends T as JSON with 200,
// Promise<StatusCode> sends that status with no body, and
// Promise<Json<T> | StatusCode> allows either at run time. bigint and i64
// values are written as exact JSON integers.

let app: Hono;

beforeAll(async () => {
  app = await compiledApp("responses", {
    "src/responses.ts": `
      import { Controller, Get, Post, StatusCode, HttpError } from "honest";
      import type { i64, Json, Path } from "honest";

      interface Account { id: i64; balance: bigint; history: { amount: i64 }[]; owner: { name: string } }
      type Maybe = Json<{ found: boolean }>;

      @Controller()
      export class ResponseController {
        @Get("/json") async json(): Promise<Json<{ n: number; s: string; list: number[]; nothing: null }>> {
          return { n: 1.5, s: "é", list: [1, 2], nothing: null };
        }
        @Get("/big") async big(): Promise<Json<Account>> {
          return { id: 9007199254740993n, balance: -9223372036854775808n, history: [{ amount: 9223372036854775807n }], owner: { name: "ada" } };
        }
        @Get("/unknown") async unknown(): Promise<Json<unknown>> {
          return { deep: [{ n: 12345678901234567890n }] };
        }
        @Get("/status/{code}") async status(code: Path<201 | 202 | 204 | 404>): Promise<StatusCode> {
          return code;
        }
        @Post("/either/{found}") async either(found: Path<boolean>): Promise<Json<{ id: i64 }> | StatusCode> {
          return found ? { id: 1n } : StatusCode.NO_CONTENT;
        }
        @Get("/alias") async alias(): Promise<Maybe> {
          return { found: true };
        }
        @Get("/teapot") async teapot(): Promise<StatusCode> {
          throw new HttpError(StatusCode.CONFLICT);
        }
      }
    `,
  });
});

describe("Json<T>", () => {
  it("answers 200 with application/json", async () => {
    const response = await app.request("/json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.text()).toBe('{"n":1.5,"s":"é","list":[1,2],"nothing":null}');
  });

  it("writes i64 and bigint values exactly, at any depth", async () => {
    expect(await (await app.request("/big")).text()).toBe(
      '{"id":9007199254740993,"balance":-9223372036854775808,"history":[{"amount":9223372036854775807}],"owner":{"name":"ada"}}',
    );
  });

  it("writes bigints inside unknown values too", async () => {
    expect(await (await app.request("/unknown")).text()).toBe('{"deep":[{"n":12345678901234567890}]}');
  });

  it("follows the user's own alias of Json<T>", async () => {
    expect(await (await app.request("/alias")).json()).toEqual({ found: true });
  });
});

describe("StatusCode", () => {
  it.each([201, 202, 204, 404])("answers %i with no body", async (code) => {
    const response = await app.request(`/status/${code}`);
    expect(response.status).toBe(code);
    expect(await response.text()).toBe("");
  });

  it("answers an HttpError without a detail with the reason phrase", async () => {
    const response = await app.request("/teapot");
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      type: "about:blank",
      title: "Conflict",
      status: 409,
      detail: "Conflict",
      requestId: expect.any(String),
    });
  });
});

describe("Json<T> | StatusCode", () => {
  it("sends JSON when the handler returns a value", async () => {
    const response = await app.request("/either/true", { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"id":1}');
  });

  it("sends the status when the handler returns one", async () => {
    const response = await app.request("/either/false", { method: "POST" });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });
});
