// The streams an app has open, so that shutdown can end them rather than
// wait for them (docs/guide/streams.md, "When the client leaves"): a live
// feed never ends by itself, and `serve`'s close() would otherwise hold it
// for the whole grace period and then cut it. createApp makes one per app;
// serve's close() ends them all before it waits for what is in flight, and
// a stream that starts after that ends at once.

export class OpenStreams {
  readonly #ends = new Set<() => void>();
  #ending = false;

  /** Keeps `end` until the stream finishes; the function returned forgets it. */
  add(end: () => void): () => void {
    if (this.#ending) {
      end();
      return () => {};
    }
    this.#ends.add(end);
    return () => this.#ends.delete(end);
  }

  /** Ends every open stream, and every stream that starts from now on. */
  endAll(): void {
    this.#ending = true;
    for (const end of [...this.#ends]) end();
    this.#ends.clear();
  }
}

const appStreams = new WeakMap<object, OpenStreams>();

export function rememberStreams(app: object, streams: OpenStreams): void {
  appStreams.set(app, streams);
}

/** Ends the open streams of `app` (none for an app createApp did not build). */
export function endStreams(app: object): void {
  appStreams.get(app)?.endAll();
}
