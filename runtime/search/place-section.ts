import type { SearchIndex } from './load-search-index.ts';
import type { PageLocation } from './read-search-layout.ts';
import type { SectionRecord } from '../../contract/search/section-record.ts';

/** Narrows results to a version, a language, pages under some groups and/or pages of a tag. */
export interface SearchFilter {
  version?: string | undefined;
  language?: string | undefined;
  /** Group names; a page matches when any of them is on its group path (none: any page). */
  groups?: string[] | undefined;
  /** A page tag (frontmatter or navigation group `tag`, such as "NEW"); a page matches when its tag is this one, letter case aside (a blank tag filters nothing). */
  tag?: string;
}

/** Where results may come from: the filter, and whether versions/languages the filter leaves open are the site's defaults only. */
export interface SearchScope {
  filter?: SearchFilter;
  defaultsOnly: boolean;
  /** The language `defaultsOnly` keeps when the filter names none (default: the site's; search passes the query's detected language). */
  language?: string;
  /** The versions `defaultsOnly` keeps when the filter names none (default: the site's; search passes the versions a query names). */
  versions?: string[];
}

/** Another page showing the same content as a result: a version or language it is also published in. */
export interface OtherLocation {
  path: string;
  version?: string;
  language?: string;
}

/** A section at the page it is shown from, with every page of the same content (shared, not copied). */
export type PlacedSection = SectionRecord & { shownAt: PageLocation[] };

/**
 * The first page within the scope showing engine document `documentId` (pages are ordered default version and
 * language first), or undefined when no page of its content is in scope. Identical content at many paths is one
 * document, so a result is never listed twice; `otherLocationsOf` names its other paths. The section is not copied:
 * `sectionAt` places it for the results returned.
 */
export function locationInScope(index: SearchIndex, documentId: number, scope: SearchScope): PageLocation | undefined {
  const section = index.sections[documentId];
  if (!section) return undefined;
  return locationsOf(index, documentId, section).find((location) => inScope(location, scope, index.defaults));
}

/** Engine document `documentId` placed at `place`, one of the pages showing it. */
export function sectionAt(index: SearchIndex, documentId: number, place: PageLocation): PlacedSection {
  const section = index.sections[documentId] as SectionRecord;
  return { ...section, path: place.path, context: place.context, shownAt: locationsOf(index, documentId, section) };
}

function locationsOf(index: SearchIndex, documentId: number, section: SectionRecord): PageLocation[] {
  return index.locations[documentId] ?? [{ path: section.path, context: section.context }];
}

/** The other pages showing a placed section's content, as a result's metadata lists them. */
export function otherLocationsOf(section: PlacedSection): OtherLocation[] {
  return section.shownAt.filter((location) => location.path !== section.path).map(otherLocationOf);
}

function inScope(
  { context, tag }: PageLocation,
  { filter, defaultsOnly, language, versions }: SearchScope,
  defaults: SearchIndex['defaults'],
): boolean {
  const wantedTag = filter?.tag?.trim().toLowerCase();
  if (wantedTag && tag?.toLowerCase() !== wantedTag) return false;
  const kept =
    filter?.version !== undefined
      ? [filter.version]
      : defaultsOnly
        ? (versions ?? (defaults.version === undefined ? [] : [defaults.version]))
        : [];
  if (kept.length > 0 && context.version !== undefined && !kept.includes(context.version)) return false;
  const preferredLanguage = language ?? defaults.language;
  if (filter?.language !== undefined) {
    const pageLanguage = context.language ?? defaults.language;
    if (pageLanguage !== undefined && pageLanguage !== filter.language) return false;
  } else if (
    defaultsOnly &&
    preferredLanguage &&
    context.language !== undefined &&
    context.language !== preferredLanguage
  ) {
    return false;
  }
  return !(
    filter?.groups &&
    filter.groups.length > 0 &&
    !filter.groups.some((group) => context.groups.includes(group))
  );
}

function otherLocationOf({ path, context }: PageLocation): OtherLocation {
  return {
    path,
    ...(context.version === undefined ? {} : { version: context.version }),
    ...(context.language === undefined ? {} : { language: context.language }),
  };
}
