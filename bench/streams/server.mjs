import { createApp } from "honest";
import { serve } from "honest/node";
import { FeedController } from "./dist/bench/streams/src/feed.controller.js";

// The stream bench's server: the feed controller on honest/node's serve,
// serve's defaults, port from PORT (docs/guide/streams.md, "Streams").

await serve(createApp({ controllers: [FeedController], log: false }), { port: Number(process.env.PORT), log: false, handleSignals: false })
  .listening;
