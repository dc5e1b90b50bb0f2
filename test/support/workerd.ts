import path from "node:path";
import { build } from "esbuild";
import { expect } from "vitest";

// What the runtime matrices need to serve an entry with workerd, the runtime
// of Cloudflare Workers: the entry bundled as a worker, and its config
// (test/runtimes: runtime-matrix.test.ts, tracing-matrix.test.ts).

/** workerd serves one bundle: the worker entry and everything it imports, Node's modules refused. */
export async function bundleWorker(into: string, entry: string): Promise<void> {
  const result = await build({
    entryPoints: [entry],
    outfile: path.join(into, "worker.js"),
    bundle: true,
    format: "esm",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    // The example's database drivers, which it imports only when it opens its database: the worker gives it
    // MemoryItemStore instead, so they are never loaded (docs/guide/databases.md, "On Cloudflare Workers").
    external: ["cloudflare:workers", "pg", "@electric-sql/pglite"],
    logLevel: "silent",
  });
  expect(result.errors).toEqual([]);
}

/**
 * The workerd config: one worker from the bundle, `bindings` its text bindings, and no compatibility flags but
 * `flags`: the stream fixture's worker has `enable_request_signal`, without which a request's signal never aborts
 * when its client leaves (docs/guide/streams.md, "When the client leaves").
 */
export function workerdConfig(
  port: number,
  compatibilityDate: string,
  { flags = [], bindings = {} }: { readonly flags?: readonly string[]; readonly bindings?: Readonly<Record<string, string>> } = {},
): string {
  const texts = Object.entries(bindings).map(([name, text]) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(text)})`);
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "${compatibilityDate}",
  compatibilityFlags = ${JSON.stringify(flags)},
  bindings = [${texts.join(", ")}],
);
`;
}

/** A workerd release takes compatibility dates up to its own: 1.20261023.1 is 2026-10-23. */
export function workerdDate(version: string): string {
  const match = /^1\.(\d{4})(\d{2})(\d{2})\./.exec(version);
  if (!match) throw new Error(`workerd ${version} is not 1.YYYYMMDD.N`);
  return `${match[1]}-${match[2]}-${match[3]}`;
}
