// The Bun bench's contenders, each a module in impl/ exporting start(port, store), served by bun.
export const CONTENDERS = ["honest", "hono", "elysia", "bun-serve"];
