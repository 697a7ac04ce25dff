import type { Insights } from '../../runtime/analytics/insights.ts';
import {
  describeTableCount,
  insightsTables,
  type InsightsCell,
  type InsightsTable,
} from '../../runtime/analytics/insights-tables.ts';

/** Widest a text cell is printed in a terminal table; longer texts end with `…`. */
const MAX_CELL = 60;
/** Tables printed in the terminal (the days are the chart: JSON and the dashboard have them). */
const PRINTED: ReadonlySet<InsightsTable['id']> = new Set([
  'gaps',
  'groups',
  'pages',
  'down-pages',
  'never-cited',
  'comments',
]);

/** The heading line of a report: the domain, its days and its filter. */
export function describeInsightsScope(insights: Insights): string {
  const filter = [
    insights.filter.version ? `version ${insights.filter.version}` : 'all versions',
    insights.filter.language ? `language ${insights.filter.language}` : 'all languages',
  ];
  return `${insights.domain}, ${insights.from} to ${insights.to} (${filter.join(', ')})`;
}

/** The totals of a report in two sentences. */
export function describeInsightsTotals(insights: Insights): string[] {
  const { totals } = insights;
  const number = (value: number): string => value.toLocaleString('en');
  return [
    `${number(totals.questions)} questions: ${number(totals.answered)} answered, ${number(totals.notFound)} not found, ${number(totals.failed)} failed, ${number(totals.aborted)} aborted.`,
    `${number(totals.gaps)} hit a content gap (not found, weak, abandoned or thumbed down); ${number(totals.weak)} weak answers; thumbs ${number(totals.up)} up, ${number(totals.down)} down.`,
  ];
}

/**
 * The insights as plain text for a terminal or a CI log: the scope, the totals, then each table with aligned
 * columns (counts right-aligned, long texts cut at `MAX_CELL` characters), an empty table as its one sentence.
 */
export function formatInsightsText(insights: Insights): string {
  const lines = [`Insights for ${describeInsightsScope(insights)}`, '', ...describeInsightsTotals(insights)];
  for (const table of insightsTables(insights).filter((candidate) => PRINTED.has(candidate.id))) {
    const limited = table.total !== undefined && table.total > table.rows.length;
    lines.push('', limited ? `${table.title} (${describeTableCount(table)})` : table.title);
    if (table.rows.length === 0) {
      lines.push(`  ${table.empty}`);
      continue;
    }
    const cells = [
      table.columns.map((column) => column.label),
      ...table.rows.map((row) => table.columns.map((column) => printable(row[column.key]))),
    ];
    const numeric = table.columns.map((column) => table.rows.every((row) => typeof row[column.key] === 'number'));
    const widths = table.columns.map((_column, index) =>
      Math.max(...cells.map((row) => (row[index] as string).length)),
    );
    for (const row of cells)
      lines.push(
        `  ${row
          .map((cell, index) =>
            numeric[index] ? cell.padStart(widths[index] as number) : cell.padEnd(widths[index] as number),
          )
          .join('  ')
          .trimEnd()}`,
      );
  }
  if (!insights.neverCited)
    lines.push('', 'Never cited pages and closest pages need the published build: pass --artifacts.');
  return `${lines.join('\n')}\n`;
}

function printable(value: InsightsCell | undefined): string {
  const text = String(value ?? '').replace(/\s+/g, ' ');
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}
