import { createApp } from "honest";
import { serve } from "honest/node";

const app = createApp();
serve(app, { port: Number(process.env.PORT) });
