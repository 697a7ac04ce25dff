import { createHash } from 'node:crypto';
import { AnchorSlugger } from '../content/anchor-slugger.ts';
import { identifierWords } from '../../contract/search/identifier-words.ts';
import type { PageHeading, PageSection } from '../content/parsed-page.ts';
import { parsePage } from '../content/parse-page.ts';
import { descriptionLines, descriptionText } from './description-text.ts';
import { endpointTitle, xMintString } from '../openapi/endpoint-title.ts';
import { isRecord } from '../site-model/is-record.ts';
import { bodyExamples } from './body-examples.ts';
import { codeSamples } from './code-samples.ts';
import { responsesText } from './responses-text.ts';
import { firstSchema, schemaFields } from './schema-fields.ts';
import { authorizationLines } from './authorization-lines.ts';
import { baseUrlLines } from './base-url-lines.ts';
import { parameterLines } from './parameter-lines.ts';
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
 * Renders an operation as page content for the index: an intro (method, path, base URL and request URL, summary — with
 * its words when it is an operation id like `ListSpaces`, so "list spaces" finds it —, description), the sections of
 * its `x-mint.content`, then Authorizations, Parameters, Request body, Code samples (`x-codeSamples`) and Responses
 * sections with one line per field: `name (type, required): text`; each body's examples follow its fields, labelled
 * and fenced (`bodyExamples`), a request body without one showing the example the platform builds from its schema
 * (decision 0259).
 * `x-mint.metadata` sets the title and description, as on the platform; an operation the spec gives no title is
 * titled from `route`, the path of its page (`endpointTitle`).
 */
export function operationToEndpointContent(operation: SpecOperation, route: string): EndpointContent {
  const title = endpointTitle(operation, route);
  const description = xMintString(operation, 'metadata', 'description') ?? operation.description;
  const slugger = new AnchorSlugger();
  const headings: PageHeading[] = [];
  const contentSections = xMintContentSections(operation);
  const contentIntro = contentSections[0]?.anchor === '' ? contentSections.shift() : undefined;
  const baseUrl = operation.webhook ? [] : baseUrlLines(operation.servers, operation.path);
  const intro = [
    `${operation.webhook ? 'Webhook' : operation.method} ${operation.path}`,
    ...baseUrl,
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

  addSection('Authorizations', [], authorizationLines(operation.security));
  addSection('Parameters', parameterLines(operation.parameters));

  const requestBody = isRecord(operation.operation.requestBody) ? operation.operation.requestBody : undefined;
  const bodyContent = requestBody?.content;
  const bodySchema = firstSchema(bodyContent);
  addSection(
    'Request body',
    [...descriptionLines(requestBody?.description), ...(bodySchema ? schemaFields(bodySchema) : [])],
    bodyExamples(bodyContent, {
      label: (name) => `Example: ${name ?? 'Request body'}`,
      direction: 'request',
      fromSchema: true,
    }),
  );
  addSection('Code samples', [], codeSamples(operation.operation));

  addSection('Responses', [], [responsesText(operation.operation.responses)]);

  // The title (and the summary it is made from, on the intro) is left out, as for content pages: a title-only change is a
  // retitled page, not a changed one.
  const contentHash = createHash('sha256')
    .update(
      JSON.stringify([
        operation.method,
        operation.path,
        baseUrl,
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
