/** A lower-case letter before an upper-case one, or an acronym before a word: `ListSpaces`, `createdAt`, `HTTPServer`. */
const CAMEL_CASE_BOUNDARY = /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;
/** The words of a camel-case identifier: `CreateNativeUserV2` → Create, Native, User, V, 2. */
const CAMEL_CASE_PART = /\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{N}+/gu;
/** A text that is one identifier (no spaces): an operation id used as an operation summary. */
const ONE_IDENTIFIER = /^[\p{L}\p{N}_.]+$/u;

/**
 * The words of a text that is a single camel-case identifier, space-separated: "ListSpaces" → "List Spaces",
 * "core.v1.SpaceService.CreateSpace" → "core v 1 Space Service Create Space". Undefined for any other text: prose
 * (and brand names inside it) is left alone.
 */
export function identifierWords(text: string): string | undefined {
  if (!ONE_IDENTIFIER.test(text) || !CAMEL_CASE_BOUNDARY.test(text)) return undefined;
  return text
    .split(/[_.]+/)
    .flatMap((part) => part.match(CAMEL_CASE_PART) ?? [])
    .join(' ');
}
