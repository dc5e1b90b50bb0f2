import { Writable } from "node:stream";

// pino's output as tests read it (docs/guide/logs-and-traces.md, "Logs"): each line of JSON parsed, whatever
// else the output holds (the route table, printed as text before the first line).

export type LogLine = Record<string, any>;

/** The JSON lines of `output`, in order; the lines that are not JSON (the route table) left out. */
export function jsonLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

/** A stream pino writes to (`pino({ level }, stream)`), and the lines it was given so far. */
export function logStream(): { readonly stream: Writable; lines(): LogLine[] } {
  let written = "";
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      written += String(chunk);
      done();
    },
  });
  return { stream, lines: () => jsonLines(written) };
}
