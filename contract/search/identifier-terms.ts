import { prepareText } from './prepare-text.ts';

/** Words of two characters or more joined by `.` or `::`: `context.call`, `client.db.create`, `Client::new`, `next.js`, `docs.json` (not `e.g.`, not `1.2`). */
const JOINED_IDENTIFIER = /(?<![\p{L}\p{N}_.:])[\p{L}_][\p{L}\p{N}_]+(?:(?:\.|::)[\p{L}_][\p{L}\p{N}_]+)+/gu;
/** A long command-line flag: `--group`, `--dry-run`. */
const FLAG = /(?<![\p{L}\p{N}_-])--[\p{L}\p{N}](?:[\p{L}\p{N}_-]*[\p{L}\p{N}_])?/gu;

/**
 * The identifiers of a text as whole terms, lower-cased: `context.call`, `client::new`, `--group`. `prepareText`
 * splits them into their words (`context`, `call`), which match every sibling (`context.run`); the whole term tells
 * them apart. Underscored identifiers (`created_at`) are whole terms of `prepareText` already.
 */
export function identifierTerms(text: string): string[] {
  const terms: string[] = [];
  for (const match of text.matchAll(JOINED_IDENTIFIER)) terms.push(match[0].toLowerCase());
  for (const match of text.matchAll(FLAG)) terms.push(match[0].toLowerCase());
  return terms;
}

/** Whether a term is an identifier whole (`context.call`, `client::new`, `--group`), as `identifierTerms` makes them. */
export function isWholeIdentifier(term: string): boolean {
  return /[.:]|^-/.test(term);
}

/**
 * The terms of a text for the search index and its queries: `prepareText`'s words, then the text's identifiers whole
 * (`identifierTerms`), so that `context.call` matches whole as well as in parts. Build and query share it.
 */
export function searchTerms(text: string, language?: string): string[] {
  const words = prepareText(text, language);
  return /[.:]\S|--/.test(text) ? [...words, ...identifierTerms(text)] : words;
}
