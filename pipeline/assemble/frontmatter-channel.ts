import path from 'node:path/posix';
import { suggestName } from '../config/suggest-name.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ParsedPage } from '../content/parsed-page.ts';
import { channelToPageContent } from '../endpoints/channel-to-page-content.ts';
import type { LoadedAsyncApis } from '../openapi/asyncapi-channel.ts';
import { findSpecFile } from '../openapi/find-spec-file.ts';
import type { FrontmatterOperation } from './resolve-frontmatter-operations.ts';

/**
 * The file and channel id of frontmatter `asyncapi: "<file> <channelId>"` or `"<channelId>"`, as the platform splits it
 * (`parseAsyncApiString`): the file relative to the page when it starts with `./` or `../`, else to the site root;
 * undefined for a blank value or more than two words.
 */
export function parseChannelReference(
  value: string,
  pageFile: string,
): { file?: string; channelId: string } | undefined {
  const words = value.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 2) return undefined;
  if (words.length === 1) return { channelId: words[0] ?? '' };
  const [name = '', channelId = ''] = words;
  const file = /^\.\.?\//.test(name) ? path.normalize(path.join(path.dirname(pageFile), name)) : name;
  return { file, channelId };
}

/**
 * What frontmatter `asyncapi` adds to a page, as `openapi:` does for an operation: the channel's content after the
 * page's own (its intro under an `AsyncAPI` heading), and its title and description when the frontmatter has none. A
 * channel found in no loaded document is an `unknown-channel` warning naming the closest channel ids; a document that
 * did not load adds nothing more (its problem is reported where it is loaded).
 */
export function resolveFrontmatterChannel(
  page: ParsedPage,
  value: string,
  asyncApis: LoadedAsyncApis,
  untitled: boolean,
): { resolved?: FrontmatterOperation; diagnostics: Diagnostic[] } {
  const warn = (message: string, hint?: string): { diagnostics: Diagnostic[] } => ({
    diagnostics: [
      {
        file: page.file,
        line: 1,
        column: 1,
        severity: 'warning',
        ruleId: 'unknown-channel',
        message,
        ...(hint ? { hint } : {}),
      },
    ],
  });
  const reference = parseChannelReference(value, page.file);
  if (!reference)
    return warn(
      `Unexpected frontmatter \`asyncapi: ${value.trim()}\`, expected \`channelId\` or \`file channelId\`; the page keeps its own content`,
      'Write e.g. asyncapi: "/asyncapi.yaml priceUpdates".',
    );
  const documentFile =
    reference.file === undefined
      ? undefined
      : (findSpecFile(reference.file, (file) => asyncApis.has(file)) ?? reference.file);
  const documents = [...asyncApis.values()].filter(
    (document) => documentFile === undefined || document.file === documentFile,
  );
  if (documentFile !== undefined && documents.length === 0)
    return warn(
      `Cannot find the AsyncAPI document \`${reference.file}\` (frontmatter \`asyncapi\`); the page keeps its own content`,
      'Fix the path (relative to the site root, or to the page with ./ or ../) or add the file.',
    );
  for (const document of documents) {
    const channel = document.channels.find((candidate) => candidate.id === reference.channelId);
    if (!channel) continue;
    const content = channelToPageContent(channel);
    return {
      resolved: {
        channel: { specFile: document.file, id: channel.id },
        sections: content.sections.map((section) =>
          section.anchor === '' ? { ...section, anchor: 'asyncapi', headingPath: ['AsyncAPI'] } : section,
        ),
        ...(untitled ? { title: content.title } : {}),
        ...(page.description === undefined && content.description !== undefined
          ? { description: content.description }
          : {}),
      },
      diagnostics: [],
    };
  }
  const ids = documents.flatMap((document) => document.channels.map((channel) => channel.id));
  const suggestion = suggestName(reference.channelId, ids);
  const where = documentFile ? `\`${documentFile}\`` : "the site's AsyncAPI documents";
  return warn(
    `Unexpected channel \`${reference.channelId}\` in frontmatter \`asyncapi\`, expected a channel id of ${where}; the page keeps its own content`,
    suggestion
      ? `Did you mean \`${suggestion}\`?`
      : ids.length > 0
        ? `Its channels: \`${ids.slice(0, 5).join('`, `')}\`${ids.length > 5 ? '…' : ''}.`
        : 'No AsyncAPI document of the site has channels.',
  );
}
