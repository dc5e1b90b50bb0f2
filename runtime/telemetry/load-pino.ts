import type { Logger, LogLevel } from "./logger.js";

// pino is an optional peer (docs/reference/choices.md, "Logs: pino"), and
// pino-pretty too: imported only when createApp({ logger }) asks for pino, so
// that an app without one (and every bundle for Workers) never reaches them.
// The specifiers are variables so that bundlers leave the imports to run time.

const PINO = "pino";
const PINO_PRETTY = "pino-pretty";

type PinoFactory = ((options: object, stream?: unknown) => Logger) & { destination?: (options: object) => unknown };

/** A pino logger at `level`, writing JSON lines to standard output, or pretty lines through pino-pretty. */
export async function loadPino(level: LogLevel, pretty: boolean | undefined): Promise<Logger> {
  const pino = await importOptional<{ default?: PinoFactory; pino?: PinoFactory }>(
    PINO,
    "honest: createApp({ logger }) writes its lines through pino, and it is not installed: npm install pino (or pass logger: false)",
  );
  const factory = pino.pino ?? pino.default;
  if (typeof factory !== "function") throw new Error("honest: the pino package installed has no pino function: npm install pino@10");
  // Written synchronously, pino's standard mode: lines leave in the order they were written and none is held back
  // when the process exits. pino's default asynchronous stream could put the shutdown's last line ahead of the
  // signal's when the process exited with a write still in flight (sonic-boom's flushSync at exit writes what waits
  // ahead of it). A user who wants asynchronous writes gives createApp a pino instance of their own.
  const stream = (pretty ?? isTerminal()) ? await prettyStream(pretty === true) : factory.destination?.({ dest: 1, sync: true });
  return stream === undefined ? factory({ level }) : factory({ level }, stream);
}

/** pino-pretty's stream; undefined when it is not installed and nobody asked for it by name. */
async function prettyStream(required: boolean): Promise<unknown> {
  let loaded: { default?: unknown };
  try {
    loaded = await importOptional(
      PINO_PRETTY,
      "honest: createApp({ logger: { pretty: true } }) needs pino-pretty: npm install pino-pretty",
    );
  } catch (error) {
    if (required) throw error;
    return undefined;
  }
  const pretty = (loaded.default ?? loaded) as (options: object) => unknown;
  return pretty({ colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", sync: true });
}

async function importOptional<T>(specifier: string, missing: string): Promise<T> {
  try {
    return (await import(/* @vite-ignore */ specifier)) as T;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") throw error;
    throw new Error(missing, { cause: error });
  }
}

function isTerminal(): boolean {
  return (globalThis as { process?: { stdout?: { isTTY?: boolean } } }).process?.stdout?.isTTY === true;
}

/** Whether pino can write here: a runtime with a standard output stream (Node, Bun, Deno), not Workers. */
export function pinoRuns(): boolean {
  const global = globalThis as { process?: { stdout?: { write?: unknown } }; navigator?: { userAgent?: string } };
  if (global.navigator?.userAgent === "Cloudflare-Workers") return false;
  return typeof global.process?.stdout?.write === "function";
}
