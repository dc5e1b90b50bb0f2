import Fastify from "fastify";

// The attack routes on Fastify 5 as a Fastify user declares them: a JSON
// Schema per body, checked by Fastify's default ajv (its default options,
// coercion included), and recursion through `$ref`. The same routes as
// src/attack.controller.ts. There is no urlencoded route: Fastify reads forms
// only through @fastify/formbody, which this repository does not install.

const ok = async () => ({ ok: true });

/** `{ guarded?: string }` with a length bound and a pattern. */
const guarded = (pattern) => ({
  type: "object",
  properties: { guarded: { type: "string", maxLength: 20, pattern } },
});

/** A recursive union of `members` (name → the required key's schema), `next` declared first or last. */
function recursiveUnion(members, nextFirst = false) {
  const union = { anyOf: Object.keys(members).map((name) => ({ $ref: `#/definitions/${name}` })) };
  const definitions = {};
  for (const [name, [key, schema]] of Object.entries(members)) {
    const properties = nextFirst ? { next: union, [key]: schema } : { [key]: schema, next: union };
    definitions[name] = { type: "object", properties, required: [key] };
  }
  return { definitions, ...union };
}

const two = { NA: ["a", { type: "string" }], NB: ["b", { type: "number" }] };
const three = { ...two, NC: ["c", { type: "boolean" }] };

export function fastifyApp() {
  const app = Fastify({ logger: false });
  app.get("/health", ok);
  app.post("/guarded", { schema: { body: guarded("\\d+x") } }, ok);
  app.post("/nested-quantifier", { schema: { body: guarded("^(a+)+$") } }, ok);
  app.post("/union", { schema: { body: recursiveUnion(two) } }, ok);
  app.post("/union3", { schema: { body: recursiveUnion(three) } }, ok);
  app.post("/union-next-first", { schema: { body: recursiveUnion(two, true) } }, ok);
  return app;
}
