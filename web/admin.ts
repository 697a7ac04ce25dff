import uplotStyles from 'uplot/dist/uPlot.min.css';
import {
  describeTableCount,
  insightsTables,
  tableToCsv,
  type InsightsTable,
} from '../runtime/analytics/insights-tables.ts';
import type { Insights } from '../runtime/analytics/insights.ts';
import { feedbackChart, questionsChart } from './admin-charts.ts';
import { ADMIN_STYLES } from './admin-styles.ts';

const DAY_MS = 86_400_000;
/** Entries per table asked of the insights route. */
const LIMIT = 50;

/** An element with attributes and children; text is always set as text, never parsed as HTML. */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function input(name: string, label: string, attributes: Record<string, string>): HTMLLabelElement {
  return element('label', {}, label, element('input', { name, ...attributes }));
}

function select(name: string, label: string): HTMLLabelElement {
  return element('label', {}, label, element('select', { name }, element('option', { value: '' }, 'All')));
}

const today = new Date();
const root = document.getElementById('docsmith-insights') as HTMLElement;
document.head.append(element('style', {}, uplotStyles), element('style', {}, ADMIN_STYLES));
const form = element(
  'form',
  { 'aria-label': 'Insights range and filters' },
  input('domain', 'Domain', { required: '', placeholder: 'acme', autocomplete: 'off' }),
  input('key', 'Admin key', { required: '', type: 'password', placeholder: 'ds_…', autocomplete: 'off' }),
  input('from', 'From', {
    type: 'date',
    required: '',
    value: new Date(today.getTime() - 29 * DAY_MS).toISOString().slice(0, 10),
  }),
  input('to', 'To', { type: 'date', required: '', value: today.toISOString().slice(0, 10) }),
  select('version', 'Version'),
  select('language', 'Language'),
  element('button', { type: 'submit' }, 'Show insights'),
);
const status = element('p', { class: 'ds-status', role: 'status' });
const report = element('div', { class: 'ds-report' });
root.append(element('main', { class: 'ds-admin' }, element('h1', {}, 'docsmith insights'), form, status, report));

const field = (name: string): HTMLInputElement | HTMLSelectElement =>
  form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
field('domain').value =
  new URLSearchParams(location.search).get('domain') ?? localStorage.getItem('docsmith-insights-domain') ?? '';
field('key').value = sessionStorage.getItem('docsmith-insights-key') ?? '';

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void load();
});

/** Asks the insights route for the form's domain, days and filters with the admin key, and renders the answer. */
async function load(): Promise<void> {
  const domain = field('domain').value.trim();
  const key = field('key').value.trim();
  localStorage.setItem('docsmith-insights-domain', domain);
  sessionStorage.setItem('docsmith-insights-key', key);
  const query = new URLSearchParams({ from: field('from').value, to: field('to').value, limit: String(LIMIT) });
  for (const name of ['version', 'language']) if (field(name).value) query.set(name, field(name).value);
  status.dataset.kind = 'loading';
  status.textContent = `Loading the insights of ${domain}…`;
  try {
    const response = await fetch(`/v1/analytics/${encodeURIComponent(domain)}/insights?${query}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const body = (await response.json()) as Insights & { error?: { message: string } };
    if (!response.ok) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
    fillChoices(field('version') as HTMLSelectElement, body.versions);
    fillChoices(field('language') as HTMLSelectElement, body.languages);
    render(body);
    status.dataset.kind = 'done';
    status.textContent = `${body.domain}, ${body.from} to ${body.to}${body.filter.version ? `, version ${body.filter.version}` : ''}${body.filter.language ? `, language ${body.filter.language}` : ''}.`;
  } catch (error) {
    status.dataset.kind = 'error';
    status.textContent = `Could not load the insights: ${(error as Error).message}`;
  }
}

/** Keeps the chosen value and lists the site's versions or languages as choices. */
function fillChoices(choices: HTMLSelectElement, values: string[]): void {
  const chosen = choices.value;
  choices.replaceChildren(
    element('option', { value: '' }, 'All'),
    ...values.map((value) => element('option', { value }, value)),
  );
  choices.value = values.includes(chosen) ? chosen : '';
}

function render(insights: Insights): void {
  const { totals } = insights;
  const share = (part: number): string =>
    totals.questions > 0 ? ` · ${Math.round((100 * part) / totals.questions)}%` : '';
  const card = (value: number, label: string): HTMLElement =>
    element('div', { class: 'ds-card' }, element('strong', {}, value.toLocaleString('en')), element('span', {}, label));
  const cards = element(
    'section',
    { class: 'ds-cards', 'aria-label': 'Totals' },
    card(totals.questions, 'questions'),
    card(totals.answered, `answered${share(totals.answered)}`),
    card(totals.notFound, `not found${share(totals.notFound)}`),
    card(totals.gaps, `hit a content gap${share(totals.gaps)}`),
    card(totals.weak, 'weak answers'),
    card(totals.up, `thumbs up · ${totals.down} down`),
  );
  const questions = element('div', {
    class: 'ds-panel ds-chart',
    role: 'img',
    'aria-label': `Questions per day by outcome, ${insights.from} to ${insights.to}`,
  });
  const feedback = element('div', {
    class: 'ds-panel ds-chart',
    role: 'img',
    'aria-label': `Thumbs up and down per day, ${insights.from} to ${insights.to}`,
  });
  report.replaceChildren(
    cards,
    element('section', { class: 'ds-charts' }, questions, feedback),
    ...insightsTables(insights).map((table) => tablePanel(insights, table)),
  );
  const width = Math.max(320, questions.clientWidth - 24);
  questionsChart(questions, insights.days, width);
  feedbackChart(feedback, insights.days, width);
}

/** A table with its title and its CSV and JSON exports. */
function tablePanel(insights: Insights, table: InsightsTable): HTMLElement {
  const numeric = table.columns.map(
    (column) => table.rows.length > 0 && table.rows.every((row) => typeof row[column.key] === 'number'),
  );
  const fileName = `insights-${insights.domain}-${insights.from}-${insights.to}-${table.id}`;
  const exportButton = (format: 'csv' | 'json'): HTMLButtonElement => {
    const button = element(
      'button',
      {
        type: 'button',
        class: 'ds-export',
        'data-format': format,
        'aria-label': `Export ${table.title} as ${format.toUpperCase()}`,
      },
      format.toUpperCase(),
    );
    button.addEventListener('click', () =>
      download(
        `${fileName}.${format}`,
        format === 'csv' ? tableToCsv(table) : `${JSON.stringify(table.rows, null, 2)}\n`,
        format === 'csv' ? 'text/csv' : 'application/json',
      ),
    );
    return button;
  };
  const body =
    table.rows.length === 0
      ? element('p', {}, table.empty)
      : element(
          'div',
          { class: 'ds-scroll' },
          element(
            'table',
            {},
            element(
              'thead',
              {},
              element(
                'tr',
                {},
                ...table.columns.map((column, index) =>
                  element('th', { scope: 'col', ...(numeric[index] ? { class: 'ds-number' } : {}) }, column.label),
                ),
              ),
            ),
            element(
              'tbody',
              {},
              ...table.rows.map((row) =>
                element(
                  'tr',
                  {},
                  ...table.columns.map((column, index) =>
                    element('td', numeric[index] ? { class: 'ds-number' } : {}, String(row[column.key] ?? '')),
                  ),
                ),
              ),
            ),
          ),
        );
  return element(
    'section',
    { class: 'ds-panel', 'data-table': table.id },
    element(
      'header',
      {},
      element('h2', {}, `${table.title} (${describeTableCount(table)})`),
      exportButton('csv'),
      exportButton('json'),
    ),
    body,
  );
}

/** Offers a text as a file; the object URL is kept a minute, as a browser under load may start the download late. */
function download(name: string, text: string, type: string): void {
  const link = element('a', {
    href: URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` })),
    download: name,
  });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

if (field('domain').value && field('key').value) void load();
