import { IMPLEMENTATIONS } from "./implementations.mjs";
import { hundredItems } from "./items.mjs";

// One server process: `node server.mjs <implementation>`, port from PORT.
// The parent measures startup from spawn to the first answer, so everything
// here counts: loading the framework, building the app, listening.

const [name] = process.argv.slice(2);
if (!IMPLEMENTATIONS.includes(name) && !name.endsWith(".tmp"))
  throw new Error(`unknown implementation ${JSON.stringify(name)}; one of ${IMPLEMENTATIONS.join(", ")}`);
const { start } = await import(`./impl/${name}.mjs`);
await start(Number(process.env.PORT), hundredItems());
