import { describe, expect, expectTypeOf, it } from "vitest";
import { StatusCode } from "../../runtime/declarations/status-code.js";
import { reasonPhrase } from "../../runtime/declarations/status-code.js";

describe("StatusCode", () => {
  it("names every RFC 9110 status after its reason phrase", () => {
    const rfc9110: Record<number, string> = {
      100: "Continue",
      101: "Switching Protocols",
      200: "OK",
      201: "Created",
      202: "Accepted",
      203: "Non-Authoritative Information",
      204: "No Content",
      205: "Reset Content",
      206: "Partial Content",
      300: "Multiple Choices",
      301: "Moved Permanently",
      302: "Found",
      303: "See Other",
      304: "Not Modified",
      305: "Use Proxy",
      307: "Temporary Redirect",
      308: "Permanent Redirect",
      400: "Bad Request",
      401: "Unauthorized",
      402: "Payment Required",
      403: "Forbidden",
      404: "Not Found",
      405: "Method Not Allowed",
      406: "Not Acceptable",
      407: "Proxy Authentication Required",
      408: "Request Timeout",
      409: "Conflict",
      410: "Gone",
      411: "Length Required",
      412: "Precondition Failed",
      413: "Content Too Large",
      414: "URI Too Long",
      415: "Unsupported Media Type",
      416: "Range Not Satisfiable",
      417: "Expectation Failed",
      421: "Misdirected Request",
      422: "Unprocessable Content",
      426: "Upgrade Required",
      500: "Internal Server Error",
      501: "Not Implemented",
      502: "Bad Gateway",
      503: "Service Unavailable",
      504: "Gateway Timeout",
      505: "HTTP Version Not Supported",
    };
    for (const [code, phrase] of Object.entries(rfc9110)) {
      const name = phrase.toUpperCase().replace(/[^A-Z0-9]+/g, "_");
      expect((StatusCode as Record<string, number>)[name], name).toBe(Number(code));
      expect(reasonPhrase(Number(code))).toBe(phrase);
    }
    expect(StatusCode.OK).toBe(200);
    expect(StatusCode.TOO_MANY_REQUESTS).toBe(429);
  });

  it("is also the type of every status, so plain numbers type-check", () => {
    expectTypeOf<201>().toExtend<StatusCode>();
    expectTypeOf<typeof StatusCode.NOT_FOUND>().toExtend<StatusCode>();
    expectTypeOf<299>().not.toExtend<StatusCode>();
  });
});
