import type { SearchIndex } from './load-search-index.ts';
import type { PageLocation } from './read-search-layout.ts';
import type { PageContext, SectionRecord } from './section-record.ts';

/** Narrows results to a version, a language and/or pages under some groups. */
export interface SearchFilter {
  version?: string;
  language?: string;
  /** Group names; a page matches when any of them is on its group path. */
  groups?: string[];
}

/** Where results may come from: the filter, and whether versions/languages the filter leaves open are the site's defaults only. */
export interface SearchScope {
  filter?: SearchFilter;
  defaultsOnly: boolean;
}

/** Another page showing the same content as a result: a version or language it is also published in. */
export interface OtherLocation {
  path: string;
  version?: string;
  language?: string;
}

/** A section at the page it is shown from, with the other pages of the same content. */
export type PlacedSection = SectionRecord & { otherLocations: OtherLocation[] };

/**
 * Places engine document `documentId` at its first page within the scope (pages are ordered default version and
 * language first), or undefined when no page of its content is in scope. Identical content at many paths is one
 * document, so a result is never listed twice; its other paths come along as `otherLocations`.
 */
export function placeSection(index: SearchIndex, documentId: number, scope: SearchScope): PlacedSection | undefined {
  const section = index.sections[documentId];
  if (!section) return undefined;
  const locations = index.locations[documentId] ?? [{ path: section.path, context: section.context }];
  const place = locations.find((location) => inScope(location.context, scope, index.defaults));
  if (!place) return undefined;
  const otherLocations = locations.filter((location) => location !== place).map(otherLocationOf);
  return { ...section, path: place.path, context: place.context, otherLocations };
}

function inScope(context: PageContext, { filter, defaultsOnly }: SearchScope, defaults: SearchIndex['defaults']): boolean {
  const version = filter?.version ?? (defaultsOnly ? defaults.version : undefined);
  if (version !== undefined && context.version !== undefined && context.version !== version) return false;
  if (filter?.language !== undefined) {
    if ((context.language ?? defaults.language) !== filter.language) return false;
  } else if (defaultsOnly && defaults.language && context.language !== undefined && context.language !== defaults.language) {
    return false;
  }
  return !(filter?.groups && filter.groups.length > 0 && !filter.groups.some((group) => context.groups.includes(group)));
}

function otherLocationOf({ path, context }: PageLocation): OtherLocation {
  return { path, ...(context.version === undefined ? {} : { version: context.version }), ...(context.language === undefined ? {} : { language: context.language }) };
}
