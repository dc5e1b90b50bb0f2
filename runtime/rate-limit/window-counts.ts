// What counting a request gives a rate limit, wherever it counts
// (memory-windows.ts, redis-windows.ts): the requests counted in the key's
// current window, this one included, and the ms until that window ends.

export interface WindowCount {
  readonly count: number;
  readonly msLeft: number;
}

/** Counts one request for `key` in a fixed window of `windowMs`. */
export interface WindowCounter {
  count(key: string, windowMs: number): WindowCount | Promise<WindowCount>;
}
