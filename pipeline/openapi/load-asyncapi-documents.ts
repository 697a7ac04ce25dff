import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { nestingTooDeep } from '../site/find-deep-nesting.ts';
import type { SiteSource } from '../site/site-source.ts';
import type { SpecReference } from '../site-model/collect-spec-references.ts';
import { isRecord } from '../site-model/is-record.ts';
import { listAsyncApiChannels, type LoadedAsyncApis } from './asyncapi-channel.ts';
import { dereferenceLocal } from './dereference-local.ts';
import type { FetchRemoteText } from './fetch-remote-text.ts';
import { firstLine } from './first-line.ts';
import { findDeepSpecNesting, parseSpecText } from './parse-spec-text.ts';
import { readApiDocument, type DocumentWording, type ReportDocumentProblem } from './read-api-document.ts';

/** How problems reading an AsyncAPI document read. */
const ASYNCAPI_WORDING: DocumentWording = {
  remoteSkipped: (target) => `Remote AsyncAPI document \`${target}\` was not fetched; its channel pages are left out`,
  unreachable: (target, reason) => `Cannot fetch AsyncAPI document \`${target}\`: ${reason}`,
  unreadable: (target, reason) => ({
    message: `Unexpected ${reason} as AsyncAPI document \`${target}\`, expected a JSON or YAML text file`,
  }),
  missing: (target) => `Cannot find the AsyncAPI document \`${target}\`; the platform fails the build`,
};

/** Input of `loadAsyncApiDocuments`. */
export interface LoadAsyncApiInput {
  /** The documents the navigation's `asyncapi` values name (`collectAsyncApiReferences`); a missing one is an error. */
  references: readonly SpecReference[];
  /** Documents pages' frontmatter `asyncapi` names, and the site's files that look like AsyncAPI documents (default none); their problems are warnings. */
  otherFiles?: readonly string[];
  source: SiteSource;
  /** Fetches a remote document (the CLI's `--allow-network`); default none: a remote document is a `remote-spec-skipped` warning. */
  fetchRemote?: FetchRemoteText;
  /** Position of a docs.json pointer, for diagnostics about named documents. */
  locate: (pointer: string) => { file: string; line: number; column: number };
}

/**
 * Loads the AsyncAPI 2.x and 3.x documents a site names or holds: parsed as JSON or YAML from memory after the nesting
 * check every spec passes, local `$ref`s resolved (`dereferenceLocal`), channels listed (`listAsyncApiChannels`). A
 * document docs.json names that is missing, unreadable, unparsable or not AsyncAPI is an error there (the platform
 * fails the build on a missing one); the same problem of a file only found in the site is a warning, of a file that is
 * not AsyncAPI at all (an OpenAPI spec) nothing. Never throws.
 */
export async function loadAsyncApiDocuments(
  input: LoadAsyncApiInput,
): Promise<{ documents: LoadedAsyncApis; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const documents: LoadedAsyncApis = new Map();
  const named = new Map<string, SpecReference>();
  for (const reference of input.references) if (!named.has(reference.file)) named.set(reference.file, reference);
  for (const target of new Set([...named.keys(), ...(input.otherFiles ?? [])])) {
    const reference = named.get(target);
    const report: ReportDocumentProblem = (severity, ruleId, message, hint) => {
      const position = reference?.pointer
        ? { ...input.locate(reference.pointer), pointer: reference.pointer }
        : { file: target, line: 1, column: 1 };
      diagnostics.push({
        ...position,
        severity: reference ? severity : 'warning',
        ruleId,
        message,
        ...(hint ? { hint } : {}),
      });
    };
    const text = await readApiDocument(target, input.source, input.fetchRemote, ASYNCAPI_WORDING, report);
    if (text === undefined) continue;
    const deep = findDeepSpecNesting(target, text);
    if (deep) {
      diagnostics.push(nestingTooDeep(target, deep, reference ? 'error' : 'warning'));
      continue;
    }
    let parsed: unknown;
    try {
      parsed = parseSpecText(target, text);
    } catch (error) {
      const position = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
      const at = { file: target, line: position?.line ?? 1, column: position?.col ?? 1 };
      diagnostics.push({
        ...at,
        severity: reference ? 'error' : 'warning',
        ruleId: 'spec-parse',
        message: `Cannot parse the AsyncAPI document: ${firstLine(error)}`,
      });
      continue;
    }
    const version = isRecord(parsed) ? asyncApiVersion(parsed.asyncapi) : undefined;
    if (!isRecord(parsed) || version === undefined) {
      if (reference)
        report(
          'error',
          'invalid-spec',
          `Unexpected document \`${target}\` as AsyncAPI source, expected an AsyncAPI 2.x or 3.x document (a top-level \`asyncapi: 3.0.0\`)`,
        );
      continue;
    }
    const document = dereferenceLocal(parsed) as Record<string, unknown>;
    documents.set(target, { file: target, version, channels: listAsyncApiChannels(document, version) });
  }
  return { documents, diagnostics };
}

/** 2 or 3 for an `asyncapi` version the platform's parser reads (`2.0.0`–`2.6.0`, `3.0.0`), else undefined. */
function asyncApiVersion(value: unknown): 2 | 3 | undefined {
  const major = /^\s*([23])\./.exec(String(value ?? ''))?.[1];
  return major === '2' ? 2 : major === '3' ? 3 : undefined;
}
