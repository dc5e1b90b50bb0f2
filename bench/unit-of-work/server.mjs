import { serve } from "honest/node";
import { openDatabase } from "./dist/example/src/database/open-database.js";
import { fastifyApp } from "./fastify-app.mjs";

// `node bench/unit-of-work/server.mjs <contender>`: one of the bench's four
// servers on PORT, over the database DATABASE_URL names, each with the
// example's pool (openDatabase: pg's Pool, its default size of 10).

const CONTENDERS = {
  honest: () => serveHonest("autocommitApp"),
  "honest-unit-of-work": () => serveHonest("unitOfWorkApp"),
  fastify: () => serveFastify({ transaction: false }),
  "fastify-transaction": () => serveFastify({ transaction: true }),
};

const port = Number(process.env.PORT);

/** Serves the app that apps.ts's function `name` builds. */
async function serveHonest(name) {
  const apps = await import("./dist/bench/unit-of-work/src/apps.js");
  await serve(apps[name](), { port, log: false, handleSignals: false }).listening;
}

async function serveFastify(options) {
  await fastifyApp(await openDatabase(process.env.DATABASE_URL), options).listen({ port, host: "127.0.0.1" });
}

const contender = CONTENDERS[process.argv[2]];
if (contender === undefined) throw new Error(`contender ${process.argv[2]}: expected one of ${Object.keys(CONTENDERS).join(", ")}`);
await contender();
