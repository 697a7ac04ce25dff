import type { ManifestNavigationNode } from '../../schemas/manifest.ts';
import { isRecord } from '../site-model/is-record.ts';
import { isSourceReference } from '../site-model/source-references.ts';
import { NAVIGATION_LISTS, NAVIGATION_NODE_FIELDS } from '../site-model/navigation-lists.ts';

const GLOBAL_KINDS = ['languages', 'versions', 'products', 'tabs', 'anchors', 'dropdowns'] as const;

/**
 * `navigation.global` members are link-only: one node each (`global-tab`, `global-anchor`…), with its label and its
 * `href` (a global product may have none: the platform documents it as a switcher entry without a link).
 */
export function resolveGlobalNavigation(global: unknown): ManifestNavigationNode[] {
  if (!isRecord(global)) return [];
  const nodes: ManifestNavigationNode[] = [];
  for (const listKey of GLOBAL_KINDS) {
    const list = global[listKey];
    if (!Array.isArray(list)) continue;
    const [, nameKey, kind] = NAVIGATION_LISTS.find(([candidate]) => candidate === listKey) ?? NAVIGATION_LISTS[0];
    for (const item of list) {
      if (!isRecord(item) || isSourceReference(item)) continue;
      const node: ManifestNavigationNode = { kind: `global-${kind}`, label: String(item[nameKey] ?? '') };
      if (typeof item.href === 'string') node.href = item.href;
      for (const field of NAVIGATION_NODE_FIELDS) if (item[field] !== undefined) node[field] = item[field];
      if (item.hidden === true) node.hidden = true;
      nodes.push(node);
    }
  }
  return nodes;
}
