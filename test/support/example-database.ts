import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, type Migration, Migrator, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { inject } from "vitest";
import { repositoryRoot } from "./working-tree.js";

// The example's database as its tests use it (docs/guide/databases.md,
// "Testing"). PGlite in memory by default; in the "postgres" Vitest project,
// a new database on the run's PostgreSQL server (support/postgres-server.ts)
// for each test file, so that files running at once never see each other's
// items.
//
// Opening PGlite takes a second or two and a few hundred MB, too much for
// each of the hundreds of apps the tests build, so a test file shares one
// database between its apps (support/example.ts gives it to each app as the
// example's Database), and empties it back to the sample items before each
// app: every app starts with items 1, 2 and 3, as a new database does.

/** Whether this file runs in the "postgres" project, with a PostgreSQL server. */
export function onPostgresServer(): boolean {
  return inject("postgresUrl") !== undefined;
}

/** A new, empty database on the test server for the caller, or undefined outside the "postgres" project: PGlite then. */
export async function freshDatabaseUrl(): Promise<string | undefined> {
  const server = inject("postgresUrl");
  if (server === undefined) return undefined;
  const name = `honest_${process.pid}_${++created}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.href;
}

let created = 0;

interface Shared {
  readonly db: Kysely<any>;
}
let shared: Promise<Shared> | undefined;

/** What the example gives the tests to open its database with. */
export interface ExampleDatabaseCode {
  openDatabase(url: string | undefined): Promise<Kysely<any>>;
  migrations: Record<string, Migration>;
}

/**
 * This file's database, opened the first time it is asked for: on the test
 * server with the example's own openDatabase, or PGlite from a copy of a new
 * cluster (pgliteCluster), migrated with the example's migrations.
 */
export function sharedDatabase(code: ExampleDatabaseCode): Promise<Kysely<any>> {
  shared ??= (async () => {
    const url = await freshDatabaseUrl();
    if (url !== undefined) return { db: await code.openDatabase(url) };
    const db = new Kysely<any>({ dialect: new PGliteDialect(await PGlite.create({ loadDataDir: await pgliteCluster() })) });
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => code.migrations } }).migrateToLatest();
    if (error !== undefined) throw error;
    return { db };
  })();
  return shared.then(({ db }) => db);
}

/**
 * A new PGlite cluster as a tar file, written by the first test file that
 * needs it, for this version of PGlite, and kept in test/.out: initdb, which
 * PGlite runs for each new database, takes a second or more (ten on a busy
 * machine); loading its copy, a fraction of that.
 */
async function pgliteCluster(): Promise<Blob> {
  const file = path.join(repositoryRoot, "test/.out/pglite", `cluster-${pgliteVersion()}.tar`);
  if (!existsSync(file)) {
    const fresh = await PGlite.create();
    const tarball = new Uint8Array(await (await fresh.dumpDataDir("none")).arrayBuffer());
    await fresh.close();
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside, then renamed: a file that reads it at the same time sees all of it or none.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, tarball);
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

function pgliteVersion(): string {
  const manifest = path.join(repositoryRoot, "node_modules/@electric-sql/pglite/package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

/** Empties the items table and adds `sample` again, its ids counted from `firstId`. */
export async function resetItems(db: Kysely<any>, sample: readonly object[], firstId: bigint): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("items").execute();
    // A restart takes a literal, not a parameter: a bigint's text is digits and a sign only.
    await sql.raw(`alter table items alter column id restart with ${BigInt(firstId)}`).execute(tx);
    await tx.insertInto("items").values(sample).execute();
  });
}

/** Closes this file's database, if it opened one (a setup file of the "postgres" project calls it after the file's tests). */
export async function closeSharedDatabase(): Promise<void> {
  const opened = shared;
  shared = undefined;
  if (opened) await (await opened).db.destroy();
}
