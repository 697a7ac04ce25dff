import pc from 'picocolors';
import type { ManifestDiff, NavigationPlace } from './diff-manifests.ts';

/** Renders a manifest diff for a terminal: one block per kind of change, breaking changes first. */
export function formatDiffText(diff: ManifestDiff, options: { color?: boolean } = {}): string {
  const colors = pc.createColors(options.color ?? false);
  const lines: string[] = [`${diff.from.domain} ${diff.from.buildId} → ${diff.to.domain} ${diff.to.buildId}`];
  if (diff.empty) return `${lines[0]}\nNo changes.\n`;
  const block = (title: string, entries: string[]): void => {
    if (entries.length === 0) return;
    lines.push('', colors.bold(`${title} (${entries.length})`), ...entries.map((entry) => `  ${entry}`));
  };
  block(
    colors.red('Breaking: inbound links would break'),
    diff.breaking.map((change) =>
      colors.red(
        change.reason === 'moved'
          ? `/${change.path} moved to /${change.movedTo} with no redirect from the old path`
          : change.reason === 'redirect-removed'
            ? `/${change.path} redirected to ${change.redirectedTo} before, leads nowhere now`
            : `/${change.path} removed with no redirect`,
      ),
    ),
  );
  block(
    'Pages added',
    diff.pages.added.map((page) => colors.green(`+ /${page.path}  ${page.title}`)),
  );
  block(
    'Pages removed',
    diff.pages.removed.map((page) => colors.red(`- /${page.path}  ${page.title}`)),
  );
  block(
    'Pages moved',
    diff.pages.moved.map((move) => colors.yellow(`/${move.from} → /${move.to}  ${move.title}`)),
  );
  block(
    'Pages retitled',
    diff.pages.retitled.map((page) => `/${page.path}: "${page.from}" → "${page.to}"`),
  );
  block(
    'Content changed',
    diff.pages.contentChanged.map((page) => `~ /${page.path}  ${page.title}`),
  );
  block(
    'Navigation moves',
    diff.navigation.moved.map((move) => `/${move.path}: ${describePlace(move.from)} → ${describePlace(move.to)}`),
  );
  block(
    'Endpoint pages added',
    diff.endpoints.added.map((page) => colors.green(`+ /${page.path}  ${page.title}`)),
  );
  block(
    'Endpoint pages removed',
    diff.endpoints.removed.map((page) => colors.red(`- /${page.path}  ${page.title}`)),
  );
  block(
    'Redirects added',
    diff.redirects.added.map((redirect) =>
      colors.green(`+ ${redirect.source} → ${redirect.destination}${redirect.permanent ? '' : ' (302)'}`),
    ),
  );
  block(
    'Redirects removed',
    diff.redirects.removed.map((redirect) => colors.red(`- ${redirect.source} → ${redirect.destination}`)),
  );
  block(
    'Redirects changed',
    diff.redirects.changed.map((change) => `${change.source}: ${change.from.destination} → ${change.to.destination}`),
  );
  block(
    'Settings changed',
    diff.settings.changed.map(
      (change) => `${change.key}: ${JSON.stringify(change.from)} → ${JSON.stringify(change.to)}`,
    ),
  );
  return `${lines.join('\n')}\n`;
}

/** "Tab API › Users" style description of a navigation place. */
export function describePlace(place: NavigationPlace): string {
  const parts = [
    place.language && `language ${place.language}`,
    place.version && `version ${place.version}`,
    place.product && `product ${place.product}`,
    place.tab && `tab ${place.tab}`,
    place.dropdown && `dropdown ${place.dropdown}`,
    place.anchor && `anchor ${place.anchor}`,
    place.menu && `menu ${place.menu}`,
    ...place.groups,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' › ') : '(top level)';
}
