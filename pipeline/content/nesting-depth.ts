/**
 * How deep the section walk follows nested elements; deeper is a `nesting too deep` error on every Node version,
 * instead of whatever depth the engine's stack happens to allow (Node 20 and 24 differ).
 */
export const MAX_PAGE_NESTING = 500;

/** How deep the section walk is in the page's tree, blocks and inline nodes counted alike. */
export class NestingDepth {
  private depth = 0;

  /** Goes one level deeper, refusing past MAX_PAGE_NESTING with a RangeError, as a stack overflow would. */
  enter(): void {
    if (this.depth >= MAX_PAGE_NESTING) throw new RangeError(`nesting deeper than ${MAX_PAGE_NESTING} levels`);
    this.depth += 1;
  }

  /** Comes back up one level. */
  leave(): void {
    this.depth -= 1;
  }
}
