import path from 'node:path';
import type { SiteSource } from '../site/site-source.ts';
import { unescapePointer } from '../site-model/json-pointer.ts';
import { MAX_NESTING_DEPTH } from '../site/find-deep-nesting.ts';
import { unreadableFileReason } from '../site/unreadable-file-reason.ts';
import type { FetchRemoteText } from './fetch-remote-text.ts';
import { firstLine } from './first-line.ts';
import { findDeepSpecNesting, parseSpecText } from './parse-spec-text.ts';

/** Made-up origin under which site files are handed to swagger-parser, so relative `$ref`s resolve inside the site. */
export const SITE_ORIGIN = 'https://site.docsmith.invalid/';

/** Member left, in place of `$ref`, on an object whose reference cannot be resolved: the object stands for an empty schema. */
export const UNRESOLVED_MARKER = 'x-docsmith-unresolved';

/** Most remote documents one spec's `$ref`s may fetch (docs/reference/limits.mdx). */
export const MAX_REMOTE_DOCUMENTS = 100;

/** `$ref`s of a spec that cannot be resolved, grouped by what fails: a document that cannot be read, or a pointer missing in one. */
export interface UnresolvedReference {
  /** The first `$ref` as written. */
  reference: string;
  /** How many `$ref`s the same failure leaves unresolved. */
  count: number;
  /** The document that cannot be read (site file or URL), when that is the failure rather than a missing pointer. */
  document?: string;
  /** Site file the first `$ref` is written in (the spec's own file when it is written in a remote document). */
  file: string;
  /** Why it cannot be resolved, one line: `not fetched (…)`, `cannot find \`x.yaml\` in the site`, … */
  reason: string;
  /** The value of `UNRESOLVED_MARKER` on the objects this failure left unresolved. */
  marker: string;
}

/** A spec with the documents its `$ref`s reach, ready for swagger-parser to dereference from memory. */
export interface ResolvedSpecDocuments {
  /** Every document reached, by URL without fragment (site files under `SITE_ORIGIN`), the spec's own included. */
  documents: Map<string, unknown>;
  unresolved: UnresolvedReference[];
}

/** Options of `resolveSpecReferences`. */
export interface ResolveSpecReferencesOptions {
  source: SiteSource;
  /** Fetches remote documents (default: none is fetched, and each remote `$ref` is unresolved). */
  fetchRemote?: FetchRemoteText;
}

interface ReferenceHolder {
  holder: Record<string, unknown>;
  /** URL of the document the `$ref` is written in. */
  base: string;
  reference: string;
  /** The target's URL without fragment, or undefined when the reference cannot name one (`refused` says why). */
  document: string | undefined;
  fragment: string;
  refused?: string;
}

/**
 * Reads every document a spec's `$ref`s reach, transitively: site files from the SiteSource (never the disk), http(s)
 * URLs through `fetchRemote` when given (at most `MAX_REMOTE_DOCUMENTS`), nothing else (`file:` URLs are refused).
 * A `$ref` that cannot be resolved — its document unreadable, unparsable, nested too deep, not fetched, or its
 * `#/pointer` missing — is replaced in place by `UNRESOLVED_MARKER`, so that dereferencing keeps every other schema and
 * the operations that reach a marker can be named. The spec's `document` is changed in place; pass a copy.
 */
export async function resolveSpecReferences(
  specUrl: string,
  document: unknown,
  options: ResolveSpecReferencesOptions,
): Promise<ResolvedSpecDocuments> {
  const documents = new Map<string, unknown>([[specUrl, document]]);
  const failures = new Map<string, string>();
  const holders: ReferenceHolder[] = [];
  let remoteDocuments = 0;
  const read = async (url: string): Promise<unknown> => {
    const target = new URL(url);
    if (url.startsWith(SITE_ORIGIN)) {
      const file = siteFile(url);
      const text = options.source.files.get(file);
      const unreadable = unreadableFileReason(options.source, file);
      if (text === undefined || unreadable !== undefined)
        throw new Error(
          unreadable === undefined ? `cannot find \`${file}\` in the site` : `\`${file}\` is a ${unreadable}`,
        );
      return parseDocument(file, text);
    }
    if (target.protocol === 'file:')
      throw new Error('a `file:` URL is never read; write the path relative to the spec');
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new Error(`\`${target.protocol}\` URLs are not read, only http(s) ones`);
    if (!options.fetchRemote) throw new Error('not fetched; pass --allow-network to fetch remote references');
    if (remoteDocuments === MAX_REMOTE_DOCUMENTS)
      throw new Error(`not fetched: the spec already reached ${MAX_REMOTE_DOCUMENTS} remote documents`);
    remoteDocuments += 1;
    let text: string;
    try {
      text = await options.fetchRemote(url);
    } catch (error) {
      throw new Error(`cannot fetch it: ${firstLine(error)}`);
    }
    return parseDocument(target.pathname, text);
  };

  for (const [url, value] of documents) {
    for (const holder of referenceHolders(value)) {
      const reference = holder.$ref as string;
      const target = URL.canParse(reference, url) ? new URL(reference, url) : undefined;
      const refused = !target
        ? 'it is not a valid URL'
        : leavesSite(url, reference)
          ? 'it points outside the site folder'
          : undefined;
      const documentUrl =
        target && !refused ? target.href.slice(0, target.href.length - target.hash.length) : undefined;
      holders.push({
        holder,
        base: url,
        reference,
        document: documentUrl,
        fragment: target?.hash ?? '',
        ...(refused ? { refused } : {}),
      });
      if (documentUrl === undefined || documents.has(documentUrl) || failures.has(documentUrl)) continue;
      try {
        documents.set(documentUrl, await read(documentUrl));
      } catch (error) {
        failures.set(documentUrl, firstLine(error));
      }
    }
  }

  const unresolved = new Map<string, UnresolvedReference>();
  for (const holder of holders) {
    const documentFailure = holder.document === undefined ? holder.refused : failures.get(holder.document);
    const pointerFailure =
      documentFailure === undefined
        ? missingPointer(documents.get(holder.document as string), holder.fragment)
        : undefined;
    const reason = documentFailure ?? pointerFailure;
    if (reason === undefined) continue;
    const marker =
      holder.document === undefined
        ? holder.reference
        : documentFailure === undefined
          ? `${holder.document}${holder.fragment}`
          : holder.document;
    const known = unresolved.get(marker);
    if (known) known.count += 1;
    else
      unresolved.set(marker, {
        reference: holder.reference,
        count: 1,
        file: siteFile(holder.base.startsWith(SITE_ORIGIN) ? holder.base : specUrl),
        reason,
        marker,
        ...(documentFailure !== undefined && holder.document !== undefined
          ? { document: siteFile(holder.document) }
          : {}),
      });
    delete holder.holder.$ref;
    holder.holder[UNRESOLVED_MARKER] = marker;
  }
  return { documents, unresolved: [...unresolved.values()] };
}

/** Whether a relative `$ref` written in a site file climbs out of the site folder (`../../etc/passwd.yaml`). */
function leavesSite(base: string, reference: string): boolean {
  if (!base.startsWith(SITE_ORIGIN) || /^[a-z][a-z\d+.-]*:/i.test(reference) || reference.startsWith('/')) return false;
  const file = reference.split('#')[0] ?? '';
  return (
    file !== '' &&
    path.posix
      .normalize(path.posix.join(path.posix.dirname(siteFile(base)), decodeURIComponent(file)))
      .startsWith('../')
  );
}

/** The site file of a document URL (the URL itself for a remote document). */
function siteFile(url: string): string {
  return url.startsWith(SITE_ORIGIN) ? decodeURIComponent(new URL(url).pathname.slice(1)) : url;
}

function parseDocument(name: string, text: string): unknown {
  const deep = findDeepSpecNesting(name, text);
  if (deep)
    throw new Error(
      `it nests lists and objects more than ${MAX_NESTING_DEPTH} levels deep (${deep.line}:${deep.column})`,
    );
  try {
    return parseSpecText(name, text);
  } catch (error) {
    throw new Error(`it is not valid JSON or YAML (${firstLine(error)})`);
  }
}

/** Every object with a string `$ref` in a parsed document, in document order; walked without recursion. */
function referenceHolders(value: unknown): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if (!Array.isArray(current) && typeof (current as Record<string, unknown>).$ref === 'string')
      found.push(current as Record<string, unknown>);
    const children = Array.isArray(current) ? current : Object.values(current);
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]);
  }
  return found;
}

/**
 * Why a `#/json/pointer` names nothing in a document, or undefined when it does (or passes through a `$ref` on the
 * way, which swagger-parser follows, or is not a JSON pointer: an anchor is left to swagger-parser).
 */
function missingPointer(document: unknown, fragment: string): string | undefined {
  const pointer = decodeURIComponent(fragment.replace(/^#/, ''));
  if (!pointer.startsWith('/')) return undefined;
  let current = document;
  for (const segment of pointer.slice(1).split('/').map(unescapePointer)) {
    if (current && typeof current === 'object' && typeof (current as Record<string, unknown>).$ref === 'string')
      return undefined;
    if (!current || typeof current !== 'object' || !Object.hasOwn(current, segment))
      return `nothing at \`#${pointer}\` (no \`${segment}\`)`;
    current = (current as Record<string, unknown>)[segment];
  }
  return undefined;
}
