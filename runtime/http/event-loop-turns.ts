/**
 * Turns of the event loop for CPU-heavy request work (retrieval, answer composition), handed out one per loop
 * iteration in the order asked: each `next()` resolves in a `setImmediate` of its own, and an immediate scheduled
 * from another runs in the next iteration, after the poll phase. So between two slices of work the loop reads its
 * sockets, and /healthz, /readyz and the streams already answering go on while a burst of answers waits its turn,
 * instead of every answer of the burst composing in one stretch.
 */
export class EventLoopTurns {
  readonly #waiting: (() => void)[] = [];
  #scheduled = false;

  /** Resolves when it is this caller's turn: in a later iteration of the event loop, after every earlier caller's turn. */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#schedule();
    });
  }

  /** How many callers wait for a turn. */
  get waiting(): number {
    return this.#waiting.length;
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(this.#grant);
  }

  readonly #grant = (): void => {
    this.#scheduled = false;
    this.#waiting.shift()?.();
    if (this.#waiting.length > 0) this.#schedule();
  };
}
