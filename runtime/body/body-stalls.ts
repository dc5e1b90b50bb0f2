// Bodies that stop arriving: under serve, a body being read that sends no
// byte for `bodyIdleTimeout` ms is refused with a 408 and its connection
// closed, so that it gives back its room and its connection
// (docs/reference/limits.md, "Bodies held at once, and connections"). Rather
// than a timer per body, which a body arriving whole would set and clear for
// nothing, one sweep per server runs about ten times per timeout while
// bodies are being read, as Node checks its own requestTimeout: a body marks
// each piece it receives, and one the sweeps have found unmarked for a whole
// timeout has stalled. It is cut off between one timeout and a tenth more
// after its last byte.

/** Sweeps per timeout: how finely a stall is timed. */
const SWEEPS_PER_TIMEOUT = 10;
/** The longest interval setInterval takes. */
const MAX_INTERVAL = 2 ** 31 - 1;

/** One body being read. */
export class BodyWatch {
  /** A piece has come since the latest sweep; a body just begun counts as heard. */
  heard = true;
  /** Sweeps in a row that found it silent. */
  quiet = 0;

  constructor(readonly stalled: () => void) {}
}

export class BodyStalls {
  readonly #reading = new Set<BodyWatch>();
  /** Milliseconds between sweeps, and how many silent sweeps make a stall. */
  readonly #interval: number;
  readonly #sweeps: number;
  #sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(readonly timeout: number) {
    this.#interval = Math.min(MAX_INTERVAL, Math.max(1, Math.ceil(timeout / SWEEPS_PER_TIMEOUT)));
    this.#sweeps = Math.ceil(timeout / this.#interval);
  }

  /** Watches a body from now; `stalled` is called once, unless `end` comes first. Mark each piece with `watch.heard = true`. */
  watch(stalled: () => void): BodyWatch {
    const watch = new BodyWatch(stalled);
    this.#reading.add(watch);
    // The sweep stops once no body is being read, and never keeps the process alive.
    this.#sweeper ??= setInterval(() => this.#sweep(), this.#interval).unref();
    return watch;
  }

  /** The body has ended, or was refused, or its client went. */
  end(watch: BodyWatch): void {
    this.#reading.delete(watch);
  }

  #sweep(): void {
    if (this.#reading.size === 0) {
      clearInterval(this.#sweeper);
      this.#sweeper = undefined;
      return;
    }
    for (const watch of this.#reading) {
      if (watch.heard) {
        watch.heard = false;
        watch.quiet = 0;
      } else if (++watch.quiet >= this.#sweeps) {
        // Nothing has come since before the latest sweep that found a piece: #sweeps intervals at least, the whole timeout.
        this.#reading.delete(watch);
        watch.stalled();
      }
    }
  }
}
