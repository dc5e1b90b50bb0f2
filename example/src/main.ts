import { serve } from "honest/node";
import { createExampleApp } from "./app.js";

serve(createExampleApp(), { port: Number(process.env.PORT ?? 3000) });
