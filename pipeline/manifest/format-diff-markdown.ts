import type { ManifestDiff } from './diff-manifests.ts';
import { describePlace } from './format-diff-text.ts';

/** Renders a manifest diff as a compact Markdown table, fit for a pull-request comment. */
export function formatDiffMarkdown(diff: ManifestDiff): string {
  const heading = `### Docs changes \`${diff.from.buildId}\` → \`${diff.to.buildId}\``;
  if (diff.empty) return `${heading}\n\nNo changes.\n`;
  const rows: [string, string, string][] = [
    ...diff.breaking.map((change): [string, string, string] => [
      '⚠️ breaking',
      code(change.path),
      change.reason === 'moved'
        ? `moved to ${code(change.movedTo ?? '')}, no redirect`
        : change.reason === 'redirect-removed'
          ? `redirect to ${code(change.redirectedTo ?? '')} gone, leads nowhere`
          : 'removed, no redirect',
    ]),
    ...diff.pages.added.map((page): [string, string, string] => ['page added', code(page.path), escape(page.title)]),
    ...diff.pages.removed.map((page): [string, string, string] => [
      'page removed',
      code(page.path),
      escape(page.title),
    ]),
    ...diff.pages.moved.map((move): [string, string, string] => ['page moved', code(move.from), `→ ${code(move.to)}`]),
    ...diff.pages.retitled.map((page): [string, string, string] => [
      'retitled',
      code(page.path),
      `${escape(page.from)} → ${escape(page.to)}`,
    ]),
    ...diff.pages.contentChanged.map((page): [string, string, string] => [
      'content changed',
      code(page.path),
      escape(page.title),
    ]),
    ...diff.navigation.moved.map((move): [string, string, string] => [
      'navigation',
      code(move.path),
      `${escape(describePlace(move.from))} → ${escape(describePlace(move.to))}`,
    ]),
    ...diff.endpoints.added.map((page): [string, string, string] => [
      'endpoint added',
      code(page.path),
      escape(page.title),
    ]),
    ...diff.endpoints.removed.map((page): [string, string, string] => [
      'endpoint removed',
      code(page.path),
      escape(page.title),
    ]),
    ...diff.redirects.added.map((redirect): [string, string, string] => [
      'redirect added',
      code(redirect.source),
      `→ ${code(redirect.destination)}`,
    ]),
    ...diff.redirects.removed.map((redirect): [string, string, string] => [
      'redirect removed',
      code(redirect.source),
      `→ ${code(redirect.destination)}`,
    ]),
    ...diff.redirects.changed.map((change): [string, string, string] => [
      'redirect changed',
      code(change.source),
      `${code(change.from.destination)} → ${code(change.to.destination)}`,
    ]),
    ...diff.settings.changed.map((change): [string, string, string] => [
      'setting changed',
      code(change.key),
      `${code(JSON.stringify(change.from))} → ${code(JSON.stringify(change.to))}`,
    ]),
  ];
  const summary =
    diff.breaking.length > 0
      ? `**${diff.breaking.length} breaking change(s)**: inbound links would break.`
      : 'No breaking changes.';
  return [
    heading,
    '',
    summary,
    '',
    '| change | path | detail |',
    '|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
  ].join('\n');
}

function code(text: string): string {
  return `\`${text.replace(/`/g, "'").replace(/\|/g, '\\|')}\``;
}

function escape(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
