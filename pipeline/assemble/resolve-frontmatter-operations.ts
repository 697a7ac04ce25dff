import type { PageSection, ParsedPage } from '../content/parsed-page.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { LoadedSpecs } from '../openapi/loaded-spec.ts';
import { operationToEndpointContent } from '../endpoints/operation-to-endpoint-content.ts';
import { specTitle } from '../openapi/endpoint-title.ts';
import { schemaPageSections } from '../endpoints/schema-page-sections.ts';
import { pageSpecReference } from '../openapi/page-spec-reference.ts';
import { resolvePageOperationReference } from '../openapi/resolve-page-operation-reference.ts';
import { parseSchemaReference, resolveSchemaReference } from '../openapi/resolve-schema-reference.ts';
import { operationOfReference } from '../site-model/operation-reference.ts';
import type { LoadedAsyncApis } from '../openapi/asyncapi-channel.ts';
import { resolveFrontmatterChannel } from './frontmatter-channel.ts';

/** What an MDX page's frontmatter says about the endpoint it documents. */
export interface FrontmatterOperation {
  /** The spec operation of `openapi: "METHOD /path"`, when it resolved. */
  operation?: { specFile: string; method: string; path: string };
  /** The AsyncAPI channel of `asyncapi: "file channelId"`, when it resolved. */
  channel?: { specFile: string; id: string };
  /** A hand-written endpoint (`api: "METHOD url"`): method and URL as written, never looked up in a spec. */
  api?: { method: string; url: string };
  /** Text the operation adds to the page (none for hand-written endpoints). */
  sections: PageSection[];
  /** The operation's title (its summary) for a page whose frontmatter has none, as the platform titles it. */
  title?: string;
  /** The operation's description for a page whose frontmatter has none. */
  description?: string;
}

const MANUAL_ENDPOINT = /^([A-Za-z]+)\s+(\S+)$/;

/** The frontmatter keys that name an API operation or schema, each with an example of its text. */
const OPERATION_KEYS = ['openapi', 'openapi-schema', 'asyncapi', 'api'] as const;
const OPERATION_EXAMPLES: Record<(typeof OPERATION_KEYS)[number], string> = {
  openapi: 'GET /users',
  'openapi-schema': 'openapi.json TaxObject',
  asyncapi: 'asyncapi.yaml websocket',
  api: 'POST https://api.example.com/users',
};

/**
 * Reads the endpoint or schema of each page's frontmatter. `openapi-schema: "Name"` adds the fields of that schema of
 * the specs to the page (`resolveSchemaPage`). `openapi: "METHOD /path"` / `"spec METHOD /path"` (a spec path may be
 * relative to the page: `../api.json POST /x`) resolves to its operation (from another spec holding it when the named
 * one does not, as on the platform: `resolvePageOperationReference`, an `operation-spec-fallback` warning), whose
 * parameters, body and responses are added to the page's searchable text; one that cannot be resolved is an
 * `unknown-operation` warning and the page keeps its MDX content — no warning when the operation may be in one of
 * `unloadedSpecs` (the site's specs that did not load, each already reported once). A page without frontmatter `title` (the scraper writes only `openapi:`)
 * takes the operation's title (`specTitle`; one without summary keeps the title from its file name; its
 * `sidebarTitle`, without a warning, when the operation's spec did not load); one without frontmatter `description`
 * takes the operation's, titled or not, as the platform's `getDecoratedNavPageAndSlug` does — not a webhook's: the
 * platform looks the operation up among the spec's `paths` only (`getOpenApiTitleAndDescription`). A page without text of its own
 * whose operation does not resolve is searched by the method and path its reference names. `api: "METHOD url"` marks
 * a hand-written endpoint page (Mintlify's MDX API pages): its method and URL are metadata of the page.
 * `asyncapi: "file channelId"` adds the channel of `asyncApis` it names (`resolveFrontmatterChannel`).
 */
export function resolveFrontmatterOperations(
  pages: Iterable<ParsedPage>,
  specs: LoadedSpecs,
  unloadedSpecs: readonly string[] = [],
  asyncApis: LoadedAsyncApis = new Map(),
): { byFile: Map<string, FrontmatterOperation>; diagnostics: Diagnostic[] } {
  const byFile = new Map<string, FrontmatterOperation>();
  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    const { openapi, api, asyncapi, 'openapi-schema': schemaReference } = page.frontmatter;
    for (const key of OPERATION_KEYS) {
      const value = page.frontmatter[key];
      if (value !== undefined && value !== null && typeof value !== 'string')
        diagnostics.push(
          frontmatterWarning(
            page.file,
            `Unexpected ${Array.isArray(value) ? 'list' : typeof value === 'object' ? 'mapping' : typeof value} for frontmatter \`${key}\`, expected text`,
            `Write e.g. ${key}: "${OPERATION_EXAMPLES[key]}"; the page is built without it.`,
          ),
        );
    }
    if (typeof schemaReference === 'string' && schemaReference.trim()) {
      // The platform's API target: a schema first (`parseApiTargetFromMetadata`), then an operation.
      const schemaPage = resolveSchemaPage(page, schemaReference, specs, unloadedSpecs);
      if (schemaPage.sections.length > 0) byFile.set(page.file, { sections: schemaPage.sections });
      diagnostics.push(...schemaPage.diagnostics);
    } else if (typeof openapi === 'string' && openapi.trim()) {
      const reference = pageSpecReference(openapi, page.file);
      const resolution = resolvePageOperationReference(specs, reference, unloadedSpecs);
      const untitled = !hasTextTitle(page.frontmatter.title);
      if (!resolution.ok) {
        // A page with no text of its own is searched by the method and path its reference names.
        const named = operationOfReference(openapi);
        const sections = named && page.sections.length === 0 ? [{ anchor: '', headingPath: [], text: named }] : [];
        if (resolution.specNotLoaded) {
          // The title would come from the spec that did not load (already reported): the sidebar title stands in.
          const sidebarTitle =
            typeof page.frontmatter.sidebarTitle === 'string' && page.frontmatter.sidebarTitle.trim()
              ? page.frontmatter.sidebarTitle.trim()
              : page.title;
          if (untitled || sections.length > 0)
            byFile.set(page.file, { sections, ...(untitled ? { title: sidebarTitle } : {}) });
          continue;
        }
        if (sections.length > 0) byFile.set(page.file, { sections });
        diagnostics.push({
          file: page.file,
          line: 1,
          column: 1,
          severity: 'warning',
          ruleId: 'unknown-operation',
          message: `${resolution.message} (frontmatter \`openapi\`); the page keeps its own content`,
          ...(resolution.hint ? { hint: resolution.hint } : {}),
        });
        continue;
      }
      if ('fallbackFor' in resolution)
        diagnostics.push({
          file: page.file,
          line: 1,
          column: 1,
          severity: 'warning',
          ruleId: 'operation-spec-fallback',
          message: `Unexpected spec \`${resolution.fallbackFor}\` in \`${reference}\` (frontmatter \`openapi\`), expected a loaded spec holding the operation; the page renders it from \`${resolution.spec.file}\``,
          hint: `Name the spec that holds it: \`${resolution.spec.file} ${operationOfReference(reference) ?? ''}\`.`,
        });
      const content = operationToEndpointContent(resolution.operation, page.file);
      const title = specTitle(resolution.operation);
      byFile.set(page.file, {
        operation: {
          specFile: resolution.spec.file,
          method: resolution.operation.webhook ? 'WEBHOOK' : resolution.operation.method,
          path: resolution.operation.path,
        },
        sections: content.sections.map((section) =>
          section.anchor === '' ? { ...section, anchor: 'api', headingPath: ['API'] } : section,
        ),
        ...(untitled && title !== undefined ? { title } : {}),
        ...(page.description === undefined && !resolution.operation.webhook && content.description !== undefined
          ? { description: content.description }
          : {}),
      });
    } else if (typeof asyncapi === 'string' && asyncapi.trim()) {
      const channel = resolveFrontmatterChannel(page, asyncapi, asyncApis, !hasTextTitle(page.frontmatter.title));
      if (channel.resolved) byFile.set(page.file, channel.resolved);
      diagnostics.push(...channel.diagnostics);
    } else if (typeof api === 'string' && api.trim()) {
      const manual = MANUAL_ENDPOINT.exec(api.trim());
      if (manual) {
        byFile.set(page.file, { api: { method: (manual[1] ?? '').toUpperCase(), url: manual[2] ?? '' }, sections: [] });
      } else {
        diagnostics.push(
          frontmatterWarning(
            page.file,
            `Unexpected frontmatter \`api: ${api.trim()}\`, expected \`METHOD url\``,
            'Write e.g. api: "POST https://api.example.com/users".',
          ),
        );
      }
    }
  }
  return { byFile, diagnostics };
}

/**
 * The sections of a page with frontmatter `openapi-schema: "Name"` (or `"spec-file Name"`): the schema's fields
 * after the page's own content (`schemaPageSections`). A schema found in no loaded spec is an `unknown-schema`
 * warning (none when it may be in a spec that did not load), a value of more than two words an
 * `invalid-frontmatter` one; the page then keeps only its own content.
 */
function resolveSchemaPage(
  page: ParsedPage,
  value: string,
  specs: LoadedSpecs,
  unloadedSpecs: readonly string[],
): { sections: PageSection[]; diagnostics: Diagnostic[] } {
  const at = { file: page.file, line: 1, column: 1, severity: 'warning' as const };
  const reference = parseSchemaReference(value);
  if (!reference)
    return {
      sections: [],
      diagnostics: [
        frontmatterWarning(
          page.file,
          `Unexpected frontmatter \`openapi-schema: ${value.trim()}\`, expected \`SchemaName\` or \`spec-file SchemaName\``,
          'Write e.g. openapi-schema: "openapi.json TaxObject".',
        ),
      ],
    };
  const resolution = resolveSchemaReference(specs, reference, unloadedSpecs);
  if (resolution.ok) return { sections: schemaPageSections(resolution.name, resolution.schema), diagnostics: [] };
  if (resolution.specNotLoaded) return { sections: [], diagnostics: [] };
  return {
    sections: [],
    diagnostics: [
      {
        ...at,
        ruleId: 'unknown-schema',
        message: `${resolution.message} (frontmatter \`openapi-schema\`); the page keeps its own content`,
        ...(resolution.hint ? { hint: resolution.hint } : {}),
      },
    ],
  };
}

/** Whether frontmatter `title` titles the page: a non-blank string, or a number or boolean kept as written. */
function hasTextTitle(title: unknown): boolean {
  return typeof title === 'number' || typeof title === 'boolean' || (typeof title === 'string' && title.trim() !== '');
}

/** An `invalid-frontmatter` warning of a page, at its first line. */
function frontmatterWarning(file: string, message: string, hint: string): Diagnostic {
  return { file, line: 1, column: 1, severity: 'warning', ruleId: 'invalid-frontmatter', message, hint };
}
