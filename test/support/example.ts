import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Hono } from "hono";
import type { AppOptions, ClientAddress } from "honest";
import type { Kysely } from "kysely";
import { type ExampleDatabaseCode, resetItems, sharedDatabase } from "./example-database.js";

// The example as `npm start` builds it (tspc with the transformer, by
// `npm test`'s build step), loaded from example/dist; or, in the
// "example-generated" Vitest project, as `honest generate` and TypeScript 7's
// tsc build it (support/generated-example.ts), from HONEST_EXAMPLE_DIST.

export const exampleDir = path.resolve(import.meta.dirname, "../../example");
/** The built example the tests load. */
export const exampleDist = process.env.HONEST_EXAMPLE_DIST ?? path.join(exampleDir, "dist");

type CreateExampleApp = (options?: Omit<AppOptions, "controllers">) => Hono;

interface DatabaseModules extends ExampleDatabaseCode {
  Database: { over(db: Kysely<any>): object };
  SAMPLE_ITEMS: readonly object[];
  ItemStore: Function;
}

/**
 * A fresh example app. Unless `options.providers` gives its ItemStore, the
 * app stores its items in the test file's database, emptied back to the
 * three sample items, their ids from `firstItemId` (support/example-database.ts).
 */
export async function exampleApp(options: Omit<AppOptions, "controllers"> = {}, { firstItemId = 1n } = {}): Promise<Hono> {
  const { createExampleApp } = (await import(pathToFileURL(path.join(exampleDist, "app.js")).href)) as {
    createExampleApp: CreateExampleApp;
  };
  const providers = [...(options.providers ?? [])];
  const modules = await databaseModules();
  if (!providers.some(([component]) => component === modules.ItemStore)) {
    const db = await sharedDatabase(modules);
    await resetItems(db, modules.SAMPLE_ITEMS, firstItemId);
    providers.push([modules.Database as never, modules.Database.over(db)]);
  }
  // No log lines unless a test asks for them (test/example/logs.test.ts reads the process's).
  return createExampleApp({ log: false, logger: false, clientAddress: TEST_CLIENT, ...options, providers });
}

/**
 * Who the example's rate limit (POST /items/bulk, 5 a minute per client address) counts a test's request for:
 * served, the socket's peer, as honest would; through app.request, which has no connection and so no address,
 * one client of TEST-NET-1 (docs/guide/rate-limits.md, "Behind a proxy"). Each test's fresh app counts afresh.
 */
const TEST_CLIENT: ClientAddress = (c) =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? "192.0.2.1";

async function databaseModules(): Promise<DatabaseModules> {
  const [database, open, migrations, store] = await Promise.all([
    exampleModule<Pick<DatabaseModules, "Database">>("database/database.js"),
    exampleModule<Pick<DatabaseModules, "openDatabase">>("database/open-database.js"),
    exampleModule<Pick<DatabaseModules, "SAMPLE_ITEMS" | "migrations">>("database/migrations.js"),
    exampleModule<Pick<DatabaseModules, "ItemStore">>("items/item-store.js"),
  ]);
  return { ...database, ...open, ...migrations, ...store };
}

export async function exampleModule<T>(relativePath: string): Promise<T> {
  return (await import(pathToFileURL(path.join(exampleDist, relativePath)).href)) as T;
}

export function json(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}

/** The problem document of an error response, after checking its content type. */
export async function problemOf(response: Response): Promise<Record<string, unknown>> {
  const type = response.headers.get("content-type");
  if (type !== "application/problem+json") throw new Error(`expected application/problem+json, got ${type} (status ${response.status})`);
  return (await response.json()) as Record<string, unknown>;
}
