import { serve } from "honest/node";
import { app } from "./dist/bench/fan-out/src/app.js";

// `node bench/fan-out/server.mjs`: the fan-out bench's app on PORT, through
// the Redis server REDIS_URL names, or in this process without it.

await serve(app, { port: Number(process.env.PORT), log: false, handleSignals: false }).listening;
console.log("listening");
