import type { PageLocation } from './read-search-layout.ts';

/** An engine hit placed at its page in the scope; the section itself is only copied for the results returned. */
export interface PlacedHit {
  document: number;
  location: PageLocation;
  score: number;
}

/** A result page being ranked: its best section (an engine document and the page it is placed at) and its score so far. */
export interface RankedPage {
  best: PlacedHit;
  score: number;
  others: number;
}
