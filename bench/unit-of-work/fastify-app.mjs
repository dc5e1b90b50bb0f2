import Fastify from "fastify";
import { idParams, itemProperties } from "../http/impl/fastify.mjs";
import { insert, readItem } from "./dist/bench/unit-of-work/src/shared.js";

// The Fastify 5 servers (docs/benchmarks.md, "A unit of work on
// PostgreSQL"): the same routes, schemas for the body and the answers, the
// same pool and queries as honest's (insert() from the honest apps' shared
// module, readItem() for the read). With `transaction`, POST
// /items runs the pattern Fastify users write: an onRequest hook begins a
// transaction (Kysely's startTransaction) and puts it on the request, the
// handler writes through it, and an onResponse hook commits it (rolls back on
// a status of 400 or more). onResponse runs after the answer is sent, so a
// commit that fails is never seen by the client; honest's close(end) runs
// before (docs/guide/request-scope.md, "A unit of work"). onResponse does not
// run for a request whose client left before its answer ('finish' never
// comes), so without the onRequestAbort hook that rolls back, each such
// request keeps a pool connection for good: the end of autocannon's warm-up
// alone left the pool empty. The hooks are on the write route only, so GET
// /items/:id begins no transaction either.

// bench/http's item fields without inStock, which these routes neither take nor answer.
const { id, inStock: _inStock, ...fields } = itemProperties;
const newItem = { type: "object", properties: fields, required: ["name", "price", "tags"], additionalProperties: false };
const item = { type: "object", properties: { id, ...fields } };

/** Commits or rolls back the request's transaction, once: onResponse and onRequestAbort may both come. */
async function settle(req, commit) {
  if (req.transaction === null || req.settled) return;
  req.settled = true;
  const transaction = await req.transaction;
  await (commit ? transaction.commit() : transaction.rollback()).execute();
}

export function fastifyApp(db, { transaction }) {
  const app = Fastify({ logger: false, ajv: { customOptions: { coerceTypes: false } } });
  app.decorateRequest("transaction", null);
  app.decorateRequest("settled", false);

  app.get("/health", async () => ({ status: "ok" }));
  app.get("/items/:id", { schema: { params: idParams, response: { 200: item } } }, async (req, reply) => {
    const found = await readItem(db, BigInt(req.params.id));
    return found ?? reply.code(404).send({ detail: `item ${req.params.id} not found` });
  });
  const hooks = transaction
    ? {
        onRequest: async (req) => {
          req.transaction = db.startTransaction().execute();
          await req.transaction;
        },
        onResponse: async (req, reply) => settle(req, reply.statusCode < 400),
        onRequestAbort: async (req) => settle(req, false),
      }
    : {};
  app.post("/items", { ...hooks, schema: { body: newItem } }, async (req, reply) => {
    const id = await insert((await req.transaction) ?? db, req.body);
    reply.code(201).header("location", `/items/${id}`).send();
    return reply;
  });
  app.setErrorHandler((error, _req, reply) => {
    reply.code(error.validation ? 400 : (error.statusCode ?? 500)).send({ detail: error.message });
  });
  return app;
}
