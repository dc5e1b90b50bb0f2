import { createApp } from "honest";

/** The bench's app: through Redis when REDIS_URL is set, in this process otherwise. */
export const app = createApp({ log: false, redis: process.env.REDIS_URL || undefined });
