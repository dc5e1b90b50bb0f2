import { hundredItems } from "../http/items.mjs";
import { CONTENDERS } from "./contenders.mjs";

// One server process under Bun: `bun server.mjs <contender>`, port from PORT,
// as bench/http/server.mjs is under Node: startup counts from spawn to the
// first answer.

const [name] = process.argv.slice(2);
if (!CONTENDERS.includes(name)) throw new Error(`unknown contender ${JSON.stringify(name)}; one of ${CONTENDERS.join(", ")}`);
const { start } = await import(`./impl/${name}.mjs`);
await start(Number(process.env.PORT), hundredItems());
