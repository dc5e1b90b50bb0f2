// The contenders, each a module in impl/ exporting start(port, store).
export const IMPLEMENTATIONS = ["honest", "hono", "node-http", "fastify"];
