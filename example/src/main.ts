import { serve } from "honest";
import { createExampleApp } from "./app.js";

serve(createExampleApp(), { port: Number(process.env.PORT ?? 3000) });
