/** What `cleanHeadingId` strips besides emoji: the punctuation the platform's Heading drops from its id. */
const STRIPPED_PUNCTUATION = /[?,;:!'"()[\]{}]/g;
/** Emoji, their modifiers, the zero-width joiner and the variation selectors. */
const EMOJI =
  /\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|\u200D|\uFE0E|\uFE0F/gu;
/** `%` not starting a `%XX` escape: `decodeURIComponent` would reject it. */
const LONE_PERCENT = /%(?![0-9A-Fa-f]{2})/g;

/**
 * The platform's raw heading slug (`@mintlify/common` `slugify`): the title lower-cased, trimmed, each whitespace run
 * a hyphen, then `encodeURIComponent`, then `@sindresorhus/slugify` with `decamelize: false`. Every other character
 * is then ASCII (`A-Z a-z 0-9 - _ . ! ~ * ' ( ) %`), where that library's steps come down to: a run of characters
 * outside `a-z 0-9 _` (plus `A-Z %` when anything was %-encoded, case kept) made one hyphen, a word's `-s`/`-t`
 * joined to it (its contraction rule), and the hyphens collapsed and trimmed. A %-encoded result stays encoded:
 * `cleanHeadingId` decodes it.
 */
export function headingSlug(title: string): string {
  const encoded = encodeURIComponent(title.toLowerCase().trim().replace(/\s+/g, '-'));
  const slug = /%[0-9A-F]{2}/.test(encoded)
    ? encoded.replace(/[^a-zA-Z\d%_]+/g, '-')
    : encoded.toLowerCase().replace(/[^a-z\d_]+/g, '-');
  return slug
    .replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The id the platform's Heading, Step and Update components render from a slug (`@mintlify/common`
 * `safeCleanHeadingId`): percent escapes decoded, then `? , ; : ! ' " ( ) [ ] { }` and emoji removed — and nothing
 * else, so `+ @ = < > — %` stay and a leading emoji leaves its hyphen (`🚀 Quickstart` → `-quickstart`). An id that
 * cannot be decoded is kept as it is.
 */
export function cleanHeadingId(id: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(id.replace(LONE_PERCENT, '%25'));
  } catch {
    return id;
  }
  return decoded.replace(STRIPPED_PUNCTUATION, '').replace(EMOJI, '');
}

/**
 * The DOM id the platform gives a heading titled `title` (its first on the page): `cleanHeadingId(headingSlug(title))`.
 * `Config.json options` → `config-json-options`, `C++ guide` → `c++-guide`, `foo(bar)` → `foo-bar`,
 * `Mutual TLS (mTLS): Two-Way` → `mutual-tls-mtls--two-way`, `What’s new` → `what’s-new`, `Café` → `café`.
 * The title is the text the reader sees: after SmartyPants (`headingTitle`), so `What's new` is read as `What’s new`.
 */
export function headingAnchor(title: string): string {
  return cleanHeadingId(headingSlug(title));
}

/** How the platform meets a heading, for `AnchorSlugger.slug`. */
export interface HeadingKind {
  /** The heading's own id: `{#id}` or a JSX heading's `id`. */
  customId?: string | undefined;
  /** A JSX heading (`<h2>`, also `## Title {#id}`, which the platform rewrites to one). Default false. */
  jsx?: boolean;
}

/**
 * Heading ids of one page (levels 1–4; the platform gives levels 5 and 6 none), as the platform makes them: a
 * Markdown heading's slug is first made unique by `@sindresorhus/slugify`'s `slugifyWithCounter`
 * (`remarkComponentIds`); then each heading of the table of contents takes its cleaned custom id, else its cleaned
 * slug, made unique across the page by `-2`, `-3`, … past ids already taken (`remarkExtractTableOfContents`). A
 * heading left out of the table of contents keeps its counted slug, cleaned when it renders, or its raw custom id.
 */
export class AnchorSlugger {
  /** `slugifyWithCounter`'s occurrences, by lower-cased slug. */
  private readonly occurrences = new Map<string, number>();
  /** `deduplicateSlug`'s seen ids and how often each was asked for. */
  private readonly seen = new Map<string, number>();

  /** The id of a heading titled `title` (its `headingTitle`) listed in the table of contents. */
  slug(title: string, kind: HeadingKind = {}): string {
    const custom = kind.customId === undefined ? '' : cleanHeadingId(kind.customId);
    if (custom !== '') return this.deduplicate(custom);
    return this.deduplicate(cleanHeadingId(kind.jsx ? headingSlug(title) : this.countedSlug(title)));
  }

  /**
   * The id of a heading left out of the table of contents (in an Accordion, …): a Markdown heading's counted slug,
   * cleaned; a JSX heading's own `id` as written, else none (undefined).
   */
  unlistedSlug(title: string, kind: HeadingKind = {}): string | undefined {
    return kind.jsx ? kind.customId : cleanHeadingId(this.countedSlug(title));
  }

  /** `slugifyWithCounter` (`@sindresorhus/slugify` 2.2.0) over `headingSlug`. */
  private countedSlug(title: string): string {
    const slug = headingSlug(title);
    if (slug === '') return '';
    const lower = slug.toLowerCase();
    const numberless = this.occurrences.get(lower.replace(/(?:-\d+?)+?$/, '')) ?? 0;
    const counter = (this.occurrences.get(lower) ?? 0) + 1;
    this.occurrences.set(lower, counter);
    return counter >= 2 || numberless > 2 ? `${slug}-${counter}` : slug;
  }

  /** `deduplicateSlug`: the first `id` as it is, a repeat `id-2`, `id-3`, … skipping ids already seen. */
  private deduplicate(id: string): string {
    const count = this.seen.get(id) ?? 0;
    this.seen.set(id, count + 1);
    if (count === 0) return id;
    let suffix = count + 1;
    while (this.seen.has(`${id}-${suffix}`)) suffix += 1;
    this.seen.set(`${id}-${suffix}`, 1);
    return `${id}-${suffix}`;
  }
}
