import type { Insights } from './insights.ts';

/** A cell: text or a count. */
export type InsightsCell = string | number;

/** One table of the insights, as the dashboard shows and exports it (CSV, JSON) and the CLI prints it. */
export interface InsightsTable {
  id: 'gaps' | 'groups' | 'pages' | 'down-pages' | 'never-cited' | 'comments' | 'days';
  title: string;
  columns: { key: string; label: string }[];
  rows: Record<string, InsightsCell>[];
  /** How many entries there are in all when the rows are only the first of them (the query's `limit`). */
  total?: number;
  /** What an empty table says. */
  empty: string;
}

/** `path (n), path (n)`: pages with a count. */
function pageList(pages: readonly { path: string; citations?: number }[]): string {
  return pages
    .map((page) => (page.citations === undefined ? page.path : `${page.path} (${page.citations})`))
    .join(', ');
}

/**
 * The tables of the insights, in the order an owner reads them: content gaps, question groups, most cited pages,
 * pages cited by thumbed-down answers, never cited pages (when the build was read), comments, and the days of the
 * chart. One definition for the dashboard, its exports and the CLI, so they never disagree.
 */
export function insightsTables(insights: Insights): InsightsTable[] {
  const tables: InsightsTable[] = [
    {
      id: 'gaps',
      title: 'Content gaps',
      columns: [
        { key: 'question', label: 'Question' },
        { key: 'readers', label: 'Readers failed' },
        { key: 'questions', label: 'Asked' },
        { key: 'notFound', label: 'Not found' },
        { key: 'weak', label: 'Weak' },
        { key: 'down', label: 'Thumbs down' },
        { key: 'abandoned', label: 'Abandoned' },
        { key: 'closestPages', label: 'Closest pages' },
        { key: 'alsoAsked', label: 'Also asked as' },
      ],
      rows: insights.gaps.map((gap) => ({
        question: gap.representative,
        readers: gap.gaps,
        questions: gap.questions,
        notFound: gap.outcomes.notFound,
        weak: gap.weak,
        down: gap.down,
        abandoned: gap.outcomes.aborted,
        closestPages: pageList(gap.closestPages),
        alsoAsked: gap.alsoAsked.join('; '),
      })),
      empty: 'No content gap: every question was answered without a thumbs down.',
    },
    {
      id: 'groups',
      title: 'Questions asked most',
      columns: [
        { key: 'question', label: 'Question' },
        { key: 'questions', label: 'Asked' },
        { key: 'answered', label: 'Answered' },
        { key: 'notFound', label: 'Not found' },
        { key: 'failed', label: 'Failed' },
        { key: 'aborted', label: 'Aborted' },
        { key: 'weak', label: 'Weak' },
        { key: 'up', label: 'Thumbs up' },
        { key: 'down', label: 'Thumbs down' },
        { key: 'pages', label: 'Cited pages' },
      ],
      rows: insights.groups.map((group) => ({
        question: group.representative,
        questions: group.questions,
        answered: group.outcomes.answered,
        notFound: group.outcomes.notFound,
        failed: group.outcomes.failed,
        aborted: group.outcomes.aborted,
        weak: group.weak,
        up: group.up,
        down: group.down,
        pages: pageList(group.pages),
      })),
      empty: 'No question in this period.',
    },
    {
      id: 'pages',
      title: 'Pages cited most',
      columns: [
        { key: 'path', label: 'Page' },
        { key: 'citations', label: 'Citations' },
        { key: 'up', label: 'Thumbs up' },
        { key: 'down', label: 'Thumbs down' },
      ],
      rows: insights.pages.map((page) => ({
        path: page.path,
        citations: page.citations,
        up: page.up,
        down: page.down,
      })),
      empty: 'No page was cited in this period.',
    },
    {
      id: 'down-pages',
      title: 'Pages cited in thumbed-down answers',
      columns: [
        { key: 'path', label: 'Page' },
        { key: 'down', label: 'Thumbs down' },
        { key: 'up', label: 'Thumbs up' },
        { key: 'citations', label: 'Citations' },
      ],
      rows: insights.downPages.map((page) => ({
        path: page.path,
        down: page.down,
        up: page.up,
        citations: page.citations,
      })),
      empty: 'No cited page got a thumbs down.',
    },
  ];
  if (insights.neverCited) {
    tables.push({
      id: 'never-cited',
      title: 'Navigation pages never cited',
      columns: [
        { key: 'path', label: 'Page' },
        { key: 'title', label: 'Title' },
      ],
      rows: insights.neverCited.map((page) => ({ path: page.path, title: page.title })),
      ...(insights.neverCitedTotal !== undefined ? { total: insights.neverCitedTotal } : {}),
      empty: 'Every page of the navigation was cited.',
    });
  }
  tables.push(
    {
      id: 'comments',
      title: 'Comments',
      columns: [
        { key: 'at', label: 'When' },
        { key: 'rating', label: 'Rating' },
        { key: 'comment', label: 'Comment' },
        { key: 'question', label: 'Question' },
      ],
      rows: insights.comments.map((comment) => ({
        at: comment.at,
        rating: comment.rating,
        comment: comment.comment,
        question: comment.question,
      })),
      empty: 'No comment in this period.',
    },
    {
      id: 'days',
      title: 'Questions per day',
      columns: [
        { key: 'day', label: 'Day' },
        { key: 'answered', label: 'Answered' },
        { key: 'notFound', label: 'Not found' },
        { key: 'failed', label: 'Failed' },
        { key: 'aborted', label: 'Aborted' },
        { key: 'up', label: 'Thumbs up' },
        { key: 'down', label: 'Thumbs down' },
      ],
      rows: insights.days.map((day) => ({
        day: day.day,
        answered: day.answered,
        notFound: day.notFound,
        failed: day.failed,
        aborted: day.aborted,
        up: day.up,
        down: day.down,
      })),
      empty: 'No day in this period.',
    },
  );
  return tables;
}

/** How many entries a table shows: `3`, or `3 of 227` when the rows are the first of more. */
export function describeTableCount(table: InsightsTable): string {
  return table.total !== undefined && table.total > table.rows.length
    ? `${table.rows.length} of ${table.total}`
    : String(table.rows.length);
}

/** A table as CSV (RFC 4180, CRLF lines); a cell that a spreadsheet would run as a formula is prefixed with `'`. */
export function tableToCsv(table: InsightsTable): string {
  const cell = (value: InsightsCell | undefined): string => {
    let text = String(value ?? '');
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return (
    [
      table.columns.map((column) => cell(column.label)),
      ...table.rows.map((row) => table.columns.map((column) => cell(row[column.key]))),
    ]
      .map((cells) => cells.join(','))
      .join('\r\n') + '\r\n'
  );
}
