/**
 * The answers being streamed, so that a shutdown can end those still running when its grace period is over. Each
 * answer's AbortController is tracked until its response closes; once `abortAll` ran, an answer that starts is
 * aborted at once. (A plain set, rather than `AbortSignal.any` over one long-lived signal, which keeps every signal
 * derived from it alive on Node 20.)
 */
export class InFlightAnswers {
  readonly #controllers = new Set<AbortController>();
  #reason: unknown;
  #aborted = false;

  /** Tracks an answer's controller; the returned function stops tracking it (call it when the response closes). */
  track(controller: AbortController): () => void {
    if (this.#aborted) controller.abort(this.#reason);
    this.#controllers.add(controller);
    return () => void this.#controllers.delete(controller);
  }

  /** Aborts every tracked answer, and every answer tracked from now on, with `reason`. */
  abortAll(reason: unknown): void {
    this.#aborted = true;
    this.#reason = reason;
    for (const controller of this.#controllers) controller.abort(reason);
  }

  /** How many answers are streaming. */
  get size(): number {
    return this.#controllers.size;
  }
}
