import type { ManifestNavigationNode } from '../../schemas/manifest.ts';
import type { LoadedAsyncApis } from '../openapi/asyncapi-channel.ts';
import type { SpecReference } from '../site-model/collect-spec-references.ts';
import { channelGroup } from './channel-slug.ts';
import type { NavigationEntries } from './navigation-entries.ts';
import { searchPlacement, type Scope } from './navigation-scope.ts';

/**
 * The groups of channel pages an element's `asyncapi` documents generate, as the platform's prebuild does: per
 * document, one group per channel group (`channelGroup`: first tag, else `Websockets`) in the order its first channel
 * comes, each channel a page at `channelSlug`'s route, added to `entries` with a `channel` reference to render.
 * Documents that did not load give none (their problem is reported where they are loaded).
 */
export function channelPages(
  references: readonly SpecReference[],
  documents: LoadedAsyncApis,
  entries: NavigationEntries,
  scope: Scope,
  pointer: string,
): ManifestNavigationNode[] {
  const groups: ManifestNavigationNode[] = [];
  for (const reference of references) {
    const document = documents.get(reference.file);
    if (!document) continue;
    const byGroup = new Map<string, ManifestNavigationNode[]>();
    for (const channel of document.channels) {
      const group = channelGroup(channel);
      const route = entries.channelRoute(channel, document.file, reference.directory);
      entries.add({
        route,
        pointer: `${pointer}/asyncapi`,
        hidden: scope.hidden,
        ...searchPlacement(scope),
        context: { ...scope.context, groups: [...scope.context.groups, group] },
        channel: { route, documentFile: document.file, source: channel },
      });
      const page: ManifestNavigationNode = { kind: 'page', path: route, ...(scope.hidden ? { hidden: true } : {}) };
      byGroup.set(group, [...(byGroup.get(group) ?? []), page]);
    }
    for (const [label, children] of byGroup)
      groups.push({ kind: 'group', label, generated: true, ...(scope.hidden ? { hidden: true } : {}), children });
  }
  return groups;
}
