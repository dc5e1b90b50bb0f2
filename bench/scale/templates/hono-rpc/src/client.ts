import { hc } from "hono/client";
import type { app } from "./app.js";

// The client's type computed where the app is built, as Hono's documentation
// suggests for a large app: the declaration build (tsconfig.types.json)
// writes it to types/client.d.ts, and a caller imports `hcWithType` from
// there instead of `typeof app`.

export type Client = ReturnType<typeof hc<typeof app>>;

export const hcWithType = (...args: Parameters<typeof hc>): Client => hc<typeof app>(...args);
