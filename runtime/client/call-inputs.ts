// What a generated client's HTTP calls and socket upgrades both send: the
// headers (the client's, then the route's header and cookie inputs, then the
// call's own over them) and the query string.

/** The inputs a call reads from, by group; undefined values are not sent. */
export interface CallInputs {
  readonly query?: Readonly<Record<string, unknown>> | undefined;
  readonly headers?: Readonly<Record<string, unknown>> | undefined;
  readonly cookies?: Readonly<Record<string, unknown>> | undefined;
}

export type ClientHeaders = HeadersInit | (() => HeadersInit | Promise<HeadersInit>) | undefined;

/** The client's headers (a function asked again each call), then the route's header and cookie inputs over them. */
export async function inputHeaders(client: ClientHeaders, call: CallInputs): Promise<Headers> {
  const headers = new Headers(typeof client === "function" ? await client() : client);
  for (const [name, value] of present(call.headers)) headers.set(name, Array.isArray(value) ? value.map(textOf).join(", ") : textOf(value));
  const cookies = present(call.cookies).map(([name, value]) => `${name}=${encodeURIComponent(textOf(value))}`);
  if (cookies.length > 0) headers.set("cookie", cookies.join("; "));
  return headers;
}

/** The call's own headers, over every other. */
export function setCallHeaders(headers: Headers, own: HeadersInit | undefined): void {
  for (const [name, value] of new Headers(own)) headers.set(name, value);
}

/** `?key=value&...`, a repeated key for each item of an array, or "" without any. */
export function queryString(query: CallInputs["query"]): string {
  const search = new URLSearchParams();
  for (const [name, value] of present(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, textOf(item));
  }
  // Not search.size: Safari has it only from 17.
  return `${search}` === "" ? "" : `?${search}`;
}

/**
 * An input's value as text: a Date as its RFC 3339 text, which the app reads
 * (docs/guide/query-headers-cookies.md, "Dates"); toISOString throws a
 * RangeError for an invalid Date, so none is sent.
 */
export function textOf(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** The given entries, without those left undefined. */
export function present(record: Readonly<Record<string, unknown>> | undefined): [string, unknown][] {
  return record === undefined ? [] : Object.entries(record).filter(([, value]) => value !== undefined);
}
