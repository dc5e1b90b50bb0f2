import { createApp, serve } from "honest";

const app = createApp();
serve(app, { port: Number(process.env.PORT) });
