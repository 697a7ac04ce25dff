import { createHash } from 'node:crypto';
import { AnchorSlugger } from '../content/anchor-slugger.ts';
import { identifierWords } from '../../contract/search/identifier-words.ts';
import type { PageHeading, PageSection } from '../content/parsed-page.ts';
import { parsePage } from '../content/parse-page.ts';
import { descriptionLines, descriptionText } from './description-text.ts';
import { endpointTitle, xMintString } from '../openapi/endpoint-title.ts';
import { requestBodyExamples } from './request-body-examples.ts';
import { enumText, schemaFields, typeOf } from './schema-fields.ts';
import type { SpecOperation } from '../openapi/loaded-spec.ts';

/** The searchable text and headings of one endpoint page. */
export interface EndpointContent {
  title: string;
  description?: string;
  headings: PageHeading[];
  sections: PageSection[];
  contentHash: string;
}

/**
 * The sections of an operation's `x-mint.content` (MDX the platform shows before the generated reference), parsed
 * like a page: the text before its first heading, then one section per heading. A content that does not parse is
 * kept as plain text.
 */
function xMintContentSections(operation: SpecOperation): PageSection[] {
  const content = xMintString(operation, 'content');
  if (content === undefined) return [];
  const parsed = parsePage({ file: 'x-mint-content.mdx', text: `---\ntitle: content\n---\n${content}\n` });
  return parsed.sections.length > 0 ? parsed.sections : [{ anchor: '', headingPath: [], text: content }];
}

/**
 * Renders an operation as page content for the index: an intro (method, path, summary — with its words when it is
 * an operation id like `ListSpaces`, so "list spaces" finds it —, description), the sections of its `x-mint.content`,
 * then Parameters, Request body and Responses sections with one line per field: `name (type, required): text`; the
 * request body's named examples follow its fields, each labelled and fenced (`requestBodyExamples`).
 * `x-mint.metadata` sets the title and description, as on the platform.
 */
export function operationToEndpointContent(operation: SpecOperation): EndpointContent {
  const title = endpointTitle(operation);
  const description = xMintString(operation, 'metadata', 'description') ?? operation.description;
  const slugger = new AnchorSlugger();
  const headings: PageHeading[] = [];
  const contentSections = xMintContentSections(operation);
  const contentIntro = contentSections[0]?.anchor === '' ? contentSections.shift() : undefined;
  const intro = [
    `${operation.webhook ? 'Webhook' : operation.method} ${operation.path}`,
    operation.summary,
    summaryWords(operation.summary),
    ...descriptionLines(description),
  ];
  // The content's own text keeps its lines (a code block stays a fenced block).
  const sections: PageSection[] = [
    { anchor: '', headingPath: [], text: [lines(intro), contentIntro?.text ?? ''].filter(Boolean).join('\n') },
  ];
  /** A section under its heading path, anchored by the page's one slugger (so anchors stay unique). */
  const pushSection = (headingPath: string[], text: string): void => {
    const heading = headingPath.at(-1) ?? '';
    const anchor = slugger.slug(heading);
    headings.push({ depth: headingPath.length + 1, text: heading, anchor, line: 0 });
    sections.push({ anchor, headingPath, text });
  };
  for (const section of contentSections) pushSection(section.headingPath, section.text);
  /** A section of prose lines (whitespace collapsed), then blocks kept as written (examples with their code). */
  const addSection = (heading: string, body: string[], blocks: string[] = []): void => {
    const text = [lines(body), ...blocks].filter(Boolean).join('\n');
    if (text !== '') pushSection([heading], text);
  };

  addSection(
    'Parameters',
    // A parameter without a name (an unresolved `$ref`, reported where the spec is loaded) has nothing to say.
    operation.parameters
      .filter((parameter) => typeof parameter.name === 'string' && parameter.name !== '')
      .map((parameter) => {
        const schema = (parameter.schema ?? {}) as Record<string, unknown>;
        const details = [
          String(parameter.in ?? ''),
          typeOf(schema),
          parameter.required === true ? 'required' : '',
        ].filter(Boolean);
        return `${String(parameter.name)} (${details.join(', ')}): ${descriptionText(parameter.description)}${enumText(Array.isArray(schema.enum) ? schema : parameter)}`.replace(
          /: $/,
          '',
        );
      }),
  );

  const requestBody = operation.operation.requestBody as Record<string, unknown> | undefined;
  const bodyLines: string[] = [];
  if (requestBody) {
    bodyLines.push(...descriptionLines(requestBody.description));
    const schema = firstSchema(requestBody.content);
    if (schema) bodyLines.push(...schemaFields(schema));
  }
  for (const parameter of (operation.operation.parameters as (Record<string, unknown> | null)[] | undefined) ?? []) {
    if (parameter?.in === 'body' && parameter.schema)
      bodyLines.push(...schemaFields(parameter.schema as Record<string, unknown>));
  }
  addSection('Request body', bodyLines.filter(Boolean), requestBodyExamples(requestBody?.content));

  const responses = (operation.operation.responses ?? {}) as Record<string, Record<string, unknown>>;
  const responseLines: string[] = [];
  for (const [status, response] of Object.entries(responses)) {
    if (!response || typeof response !== 'object') continue;
    responseLines.push(`${status}: ${descriptionText(response.description)}`.replace(/: $/, ''));
    const schema = firstSchema(response.content) ?? (response.schema as Record<string, unknown> | undefined);
    if (schema) responseLines.push(...schemaFields(schema, '', 0, new Set(), 2));
    const examples = exampleTitles(response.content);
    if (examples) responseLines.push(examples);
  }
  addSection('Responses', responseLines);

  // The title (and the summary it is made from, on the intro) is left out, as for content pages: a title-only change is a
  // retitled page, not a changed one.
  const contentHash = createHash('sha256')
    .update(
      JSON.stringify([
        operation.method,
        operation.path,
        description ?? '',
        contentIntro?.text ?? '',
        sections.slice(1),
      ]),
    )
    .digest('hex');
  const plainDescription = descriptionText(description);
  return {
    title,
    ...(plainDescription ? { description: firstSentence(plainDescription) } : {}),
    headings,
    sections,
    contentHash,
  };
}

function firstSchema(content: unknown): Record<string, unknown> | undefined {
  if (!content || typeof content !== 'object') return undefined;
  for (const media of Object.values(content as Record<string, Record<string, unknown>>)) {
    if (media?.schema && typeof media.schema === 'object') return media.schema as Record<string, unknown>;
  }
  return undefined;
}

/** `Examples: Streaming mode, Blocking mode` from the named examples of a response body (their summary, else their name), or ''. */
function exampleTitles(content: unknown): string {
  if (!content || typeof content !== 'object') return '';
  const titles = new Set<string>();
  for (const media of Object.values(content as Record<string, Record<string, unknown> | null>)) {
    const examples = media?.examples;
    if (!examples || typeof examples !== 'object' || Array.isArray(examples)) continue;
    for (const [name, example] of Object.entries(examples as Record<string, unknown>)) {
      const summary = example && typeof example === 'object' ? (example as { summary?: unknown }).summary : undefined;
      titles.add(typeof summary === 'string' && summary.trim() !== '' ? text(summary) : name);
    }
  }
  return titles.size > 0 ? `Examples: ${[...titles].join(', ')}.` : '';
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

function lines(values: (string | undefined)[]): string {
  return values
    .map((value) => text(value))
    .filter(Boolean)
    .join('\n');
}

function firstSentence(description: string): string {
  const clean = text(description);
  const end = clean.search(/\.\s/);
  return end > 0 && end < 300 ? clean.slice(0, end + 1) : clean.slice(0, 300);
}

/** The words of a summary that is one camel-case identifier ("CreateSpace" → "Create Space"), for readers who type words. */
function summaryWords(summary: string | undefined): string | undefined {
  return summary === undefined ? undefined : identifierWords(summary);
}
