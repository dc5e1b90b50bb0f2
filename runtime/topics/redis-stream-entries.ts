// A topic's stream entries as Redis answers XREAD and XRANGE:
// `[id, [field, value, …]]`, the id `<n>-0`, the message the value of field `m`.

export interface StreamEntry {
  readonly id: bigint;
  /** The message's text, or undefined when the entry has no `m` field (written by something else than honest). */
  readonly text: string | undefined;
}

export function streamEntries(reply: unknown): StreamEntry[] {
  if (!Array.isArray(reply)) return [];
  return reply.map((entry: [string, string[]]) => {
    const [id, fields] = entry;
    const at = Array.isArray(fields) ? fields.indexOf("m") : -1;
    return { id: entryNumber(id), text: at >= 0 && at % 2 === 0 ? fields[at + 1] : undefined };
  });
}

/** The `n` of an entry id `n-s`. */
export function entryNumber(id: string): bigint {
  const dash = id.indexOf("-");
  return BigInt(dash < 0 ? id : id.slice(0, dash));
}

/**
 * The entries of XREAD's answer for its one stream: `[[key, entries]]` as Redis 6 and 7 answer, or `[key, entries]`,
 * a map flattened by the client, as later servers may answer.
 */
export function readStream(reply: unknown): unknown {
  if (!Array.isArray(reply) || reply.length === 0) return undefined;
  return typeof reply[0] === "string" ? reply[1] : (reply[0] as unknown[] | undefined)?.[1];
}
