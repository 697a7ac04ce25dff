import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalog.ts';
import type { SiteSource } from '../site/site-source.ts';
import { unreadableFileReason } from '../site/unreadable-file-reason.ts';
import { isRemoteSpec } from '../site-model/collect-spec-references.ts';
import type { FetchRemoteText } from './fetch-remote-text.ts';
import { firstLine } from './first-line.ts';

/** Reports a problem of one document: where it is named (or the file), with a rule of the catalogue. */
export type ReportDocumentProblem = (
  severity: Diagnostic['severity'],
  ruleId: RuleId,
  message: string,
  hint?: string,
) => void;

/** How the messages about one kind of API document read (an OpenAPI spec, an AsyncAPI document). */
export interface DocumentWording {
  /** `remote-spec-skipped`: the message for a remote document fetched without `fetchRemote`. */
  remoteSkipped: (target: string) => string;
  /** `spec-unreachable`: the message for a remote document that could not be fetched. */
  unreachable: (target: string, reason: string) => string;
  /** `unreadable-file`: the message and hint for a binary, oversized or out-of-site file; nothing reported when absent. */
  unreadable?: (target: string, reason: string) => { message: string; hint?: string };
  /** `missing-spec`: the message for a file the site does not have. */
  missing: (target: string) => string;
}

/**
 * The text of an OpenAPI or AsyncAPI document a site names or holds: fetched through `fetchRemote` when remote (a
 * `remote-spec-skipped` warning without it, a `spec-unreachable` error when the fetch fails), else read from the
 * SiteSource (an `unreadable-file` error for a binary or oversized file, a `missing-spec` error for an absent one).
 * Undefined after reporting why there is none.
 */
export async function readApiDocument(
  target: string,
  source: SiteSource,
  fetchRemote: FetchRemoteText | undefined,
  wording: DocumentWording,
  report: ReportDocumentProblem,
): Promise<string | undefined> {
  if (isRemoteSpec(target)) {
    if (!fetchRemote) {
      report(
        'warning',
        'remote-spec-skipped',
        wording.remoteSkipped(target),
        'Pass --allow-network to fetch remote specs at build time.',
      );
      return undefined;
    }
    try {
      return await fetchRemote(target);
    } catch (error) {
      report('error', 'spec-unreachable', wording.unreachable(target, firstLine(error)));
      return undefined;
    }
  }
  const unreadable = unreadableFileReason(source, target);
  if (unreadable !== undefined) {
    const problem = wording.unreadable?.(target, unreadable);
    if (problem) report('error', 'unreadable-file', problem.message, problem.hint);
    return undefined;
  }
  const text = source.files.get(target);
  if (text === undefined)
    report(
      'error',
      'missing-spec',
      wording.missing(target),
      'Fix the path (relative to the site root) or add the file.',
    );
  return text;
}
