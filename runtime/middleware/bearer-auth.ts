import type { MiddlewareHandler } from "hono";
import { bearerAuth as honoBearerAuth } from "hono/bearer-auth";
import { type InlineStep, singleRawHeader, withInlineStep } from "./inline-step.js";

// What `bearerAuth(...)` from hono/bearer-auth becomes where createApp's
// options or @Use(...) list it
// (docs/guide/middleware.md, "How honest runs hono/cors and bearerAuth"):
// Hono's own middleware, which answers every
// refusal and runs wherever no Node request is at hand, plus an inline step
// for `token` options on Node that lets a request with the right token
// through. Hono compares tokens by hashing both with Web Crypto, a promise
// and some 30 µs a request; the step compares SHA-256 digests with Node's
// timingSafeEqual, the token's digest made once. It only ever lets through
// what Hono's middleware lets through (the same header, prefix and token
// syntax, one header and no other), and leaves anything else to it.

export type BearerAuthOptions = Parameters<typeof honoBearerAuth>[0];

/** The part of node:crypto the step uses, reached without importing it (the runtime bundles for any Hono runtime). */
interface NodeCrypto {
  createHash(algorithm: "sha256"): { update(text: string): { digest(): Uint8Array } };
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}

const TOKEN = /^[A-Za-z0-9._~+/-]+=*$/;

export function bearerAuth(options: BearerAuthOptions): MiddlewareHandler {
  const middleware = honoBearerAuth(options);
  const step = inlineBearerStep(options);
  return step === undefined ? middleware : withInlineStep(middleware, step);
}

function inlineBearerStep(options: BearerAuthOptions): InlineStep | undefined {
  const crypto = nodeCrypto();
  // verifyToken and hashFunction are the user's own code, and run as Hono runs them.
  if (crypto === undefined || "verifyToken" in options || options.hashFunction !== undefined) return undefined;
  const tokens = typeof options.token === "string" ? [options.token] : options.token;
  if (!Array.isArray(tokens) || tokens.length === 0 || tokens.some((token) => typeof token !== "string")) return undefined;
  const digest = (text: string) => crypto.createHash("sha256").update(text).digest();
  const digests = tokens.map(digest);
  // Hono's middleware has set these defaults on `options` by now.
  const prefix = options.prefix ?? "Bearer";
  const headerName = (options.headerName || "Authorization").toLowerCase();
  return (_c, incoming) => {
    const header = singleRawHeader(incoming.rawHeaders, headerName);
    if (!header) return false;
    let token: string | undefined;
    if (prefix === "") token = header;
    else if (
      header.length > prefix.length &&
      header[prefix.length] === " " &&
      header.slice(0, prefix.length).toLowerCase() === prefix.toLowerCase()
    ) {
      token = header.slice(prefix.length).trimStart();
    }
    if (!token || !TOKEN.test(token)) return false;
    const presented = digest(token);
    let equal = false;
    for (const each of digests) equal = crypto.timingSafeEqual(each, presented) || equal;
    return equal ? undefined : false;
  };
}

function nodeCrypto(): NodeCrypto | undefined {
  const node = (globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } }).process;
  return node?.getBuiltinModule?.("node:crypto") as NodeCrypto | undefined;
}
