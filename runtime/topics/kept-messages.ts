// The last messages of a topic kept in this process, oldest first, for
// subscribers that come with `after`: a ring of TOPIC_WINDOW entries, so that
// keeping one more costs the same however many are kept.

export interface KeptMessage {
  readonly id: bigint;
  /** The message as read, or undefined when the reader refused it (it keeps its id, and is never delivered). */
  readonly message: unknown;
}

export class KeptMessages {
  readonly #ring: (KeptMessage | undefined)[];
  #start = 0;
  #size = 0;

  constructor(readonly capacity: number) {
    this.#ring = new Array(capacity);
  }

  add(kept: KeptMessage): void {
    const at = (this.#start + this.#size) % this.capacity;
    this.#ring[at] = kept;
    if (this.#size < this.capacity) this.#size++;
    else this.#start = (this.#start + 1) % this.capacity;
  }

  /** The oldest id kept, or undefined when none is. */
  get oldest(): bigint | undefined {
    return this.#size === 0 ? undefined : this.#ring[this.#start]!.id;
  }

  /** The kept messages after `after`, oldest first. */
  after(after: bigint): KeptMessage[] {
    const found: KeptMessage[] = [];
    for (let index = 0; index < this.#size; index++) {
      const kept = this.#ring[(this.#start + index) % this.capacity]!;
      if (kept.id > after) found.push(kept);
    }
    return found;
  }
}
