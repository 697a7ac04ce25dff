/** Characters an anchor keeps besides letters, marks and digits: whitespace (made hyphens), `-`, `_`, `/`, `&` and `’`. */
const DROPPED = /[^\p{L}\p{M}\p{N}\s_\-/&’]/gu;

/**
 * The anchor the platform generates from a heading's text (its documented rules, "not GitHub-style slugging"):
 * lower case, each whitespace a hyphen, a straight apostrophe made `’` and kept, periods made hyphens, parentheses
 * and other punctuation dropped, slashes and ampersands kept, and a run of hyphens made one, none at either end (its
 * slugify, `@sindresorhus/slugify`, collapses them): `Config.json options` → `config-json-options`, `What's new` →
 * `what’s-new`, `Read/write access` → `read/write-access`, `Fees & billing` → `fees-&-billing`, `Step 1 - Install` →
 * `step-1-install`.
 */
export function headingAnchor(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/'/g, '’')
    .replace(/\./g, '-')
    .replace(DROPPED, '')
    .replace(/\s/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

/** Unique heading anchors of one page: a repeated anchor takes `-2`, `-3`, … (the platform counts across the page). */
export class AnchorSlugger {
  private readonly taken = new Set<string>();
  /** The next suffix to try for a repeated anchor. */
  private readonly next = new Map<string, number>();

  /** The anchor of `text`, unique among this page's anchors so far. */
  slug(text: string): string {
    const base = headingAnchor(text);
    let anchor = base;
    if (this.taken.has(anchor)) {
      let count = this.next.get(base) ?? 2;
      while (this.taken.has(`${base}-${count}`)) count += 1;
      anchor = `${base}-${count}`;
      this.next.set(base, count + 1);
    }
    this.taken.add(anchor);
    return anchor;
  }
}
