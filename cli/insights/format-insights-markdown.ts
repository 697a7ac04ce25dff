import type { Insights } from '../../runtime/analytics/insights.ts';
import {
  describeTableCount,
  insightsTables,
  type InsightsCell,
  type InsightsTable,
} from '../../runtime/analytics/insights-tables.ts';
import { describeInsightsScope, describeInsightsTotals } from './format-insights-text.ts';

/** Tables shown open in the Markdown report; the others are folded (`<details>`) to keep a weekly comment short. */
const OPEN: ReadonlySet<InsightsTable['id']> = new Set(['gaps', 'groups']);
const PRINTED: ReadonlySet<InsightsTable['id']> = new Set([
  'gaps',
  'groups',
  'pages',
  'down-pages',
  'never-cited',
  'comments',
]);

/**
 * The insights as GitHub-flavoured Markdown for a weekly issue or a pull-request comment: a heading with the scope,
 * the totals, the content gaps and the questions asked most as tables, the page lists and comments folded.
 */
export function formatInsightsMarkdown(insights: Insights): string {
  const lines = [
    `### Docs insights: ${escape(describeInsightsScope(insights))}`,
    '',
    ...describeInsightsTotals(insights).map(escape),
  ];
  for (const table of insightsTables(insights).filter((candidate) => PRINTED.has(candidate.id))) {
    const body = table.rows.length === 0 ? [`_${escape(table.empty)}_`] : markdownTable(table);
    if (OPEN.has(table.id)) lines.push('', `#### ${table.title}`, '', ...body);
    else
      lines.push(
        '',
        `<details><summary>${table.title} (${describeTableCount(table)})</summary>`,
        '',
        ...body,
        '',
        '</details>',
      );
  }
  if (!insights.neverCited)
    lines.push('', '_Never cited pages and closest pages need the published build (`--artifacts`)._');
  return `${lines.join('\n')}\n`;
}

function markdownTable(table: InsightsTable): string[] {
  const numeric = table.columns.map((column) => table.rows.every((row) => typeof row[column.key] === 'number'));
  return [
    `| ${table.columns.map((column) => column.label).join(' | ')} |`,
    `|${numeric.map((isNumeric) => (isNumeric ? '---:' : '---')).join('|')}|`,
    ...table.rows.map((row) => `| ${table.columns.map((column) => cell(row[column.key])).join(' | ')} |`),
  ];
}

function cell(value: InsightsCell | undefined): string {
  return escape(String(value ?? ''));
}

/** Text safe in a Markdown table cell: no pipe, no line break, no HTML or mention that GitHub would render. */
function escape(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/[\\`*_[\]<>|]/g, (character) => `\\${character}`)
    .replace(/@/g, '@\u200b');
}
