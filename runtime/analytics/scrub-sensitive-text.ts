/** Secrets with a recognisable shape: provider key prefixes, JWTs, PEM private keys, docsmith's own keys. */
const SHAPED_SECRETS: readonly RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g,
  /\b(?:sk|pk|rk)-(?:proj-|live-|test-)?[\w-]{16,}/g,
  /\b(?:sk|pk|rk|whsec)_(?:live_|test_)?[A-Za-z0-9]{10,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_\w{20,}/g,
  /\bglpat-[\w-]{16,}/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  /\bAIza[\w-]{30,}/g,
  /\bds_[0-9a-f]{12}_[\w-]{20,}/g,
];
/**
 * `password=…`, `token: …`, `Authorization: Bearer …`: the value after a word that names a secret. Every unbounded
 * repetition a match could retry from each position of a long word is bounded here and below (`{0,64}`, `{1,256}`):
 * unbounded, a question holding one 100,000-character word took seconds to minutes to scrub.
 */
const NAMED_SECRET =
  /\b([\w-]{0,64}?(?:pass(?:word|wd)?|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|[_-]key|auth(?:orization)?))(["']?\s*[:=]\s*["']?)(?:bearer\s+|basic\s+)?[^\s"',;]{4,}/gi;
const BEARER = /\b(bearer|basic)\s+[\w\-.~+/=]{8,}/gi;
/** Credentials in a URL (`https://user:secret@host`). */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]{0,31}:\/\/)[^\s/@:]{1,256}:[^\s/@]{1,256}@/gi;
/** An e-mail address, its parts as long as the standard allows (64 for the local part, 63 a label). */
const EMAIL = /[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){0,8}\.\p{L}{2,24}/gu;
/** Card-like numbers: 13 to 19 digits, optionally grouped by single spaces or dashes. */
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g;
/** Phone numbers written internationally (`+44 20 7946 0958`, `+1 (555) 010-9999`). */
const PHONE = /\+\d{1,3}[\s.-]?\(?\d{1,4}\)?(?:[\s.-]?\d{2,4}){2,4}\b/g;
/** Any other run of nine or more digits (account numbers, national ids, phone numbers without a `+`). */
const LONG_DIGITS = /\d{9,}/g;
/** Public IPv4 addresses (private, loopback and unspecified ones say nothing about a person and are kept). */
const IPV4 = /\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b/g;
/** Long tokens that may be secrets: judged by `looksRandom`. */
const TOKEN = /[A-Za-z0-9_\-+/=.]{20,}/g;

/**
 * Replaces what must never be stored of a reader's text with a placeholder: e-mail addresses (`[email]`), API keys,
 * tokens and passwords (`[secret]`: known key shapes, JWTs, private keys, `password=…`, bearer tokens, URL
 * credentials, long random-looking strings), card-like and other long digit runs (`[number]`), international phone
 * numbers (`[phone]`) and public IPv4 addresses (`[ip]`). Words, versions, ports, dates and model names are kept.
 */
export function scrubSensitiveText(text: string): string {
  let scrubbed = text;
  for (const pattern of SHAPED_SECRETS) scrubbed = scrubbed.replace(pattern, '[secret]');
  // Text without an `@` holds no e-mail address nor URL credentials: those scans are skipped.
  const at = scrubbed.includes('@');
  scrubbed = (at ? scrubbed.replace(URL_CREDENTIALS, '$1[secret]@') : scrubbed)
    .replace(NAMED_SECRET, (match: string, name: string, separator: string) => `${name}${separator}[secret]`)
    .replace(BEARER, (_match: string, scheme: string) => `${scheme} [secret]`);
  if (at) scrubbed = scrubbed.replace(EMAIL, '[email]');
  scrubbed = scrubbed
    .replace(TOKEN, (token) => (looksRandom(token) ? '[secret]' : token))
    .replace(PHONE, '[phone]')
    .replace(CARD_LIKE, '[number]')
    .replace(LONG_DIGITS, '[number]')
    .replace(IPV4, (address: string, ...octets: string[]) =>
      isPublicIpv4(octets.slice(0, 4).map(Number)) ? '[ip]' : address,
    );
  return scrubbed;
}

/**
 * Whether a long token reads as a generated secret rather than a word, name or identifier: 32 or more hex digits
 * (hashes, UUIDs), or letters of both cases with digits and a high character entropy (random base62/base64).
 */
function looksRandom(token: string): boolean {
  const hexDigits = token.replace(/-/g, '');
  if (hexDigits.length >= 32 && /^[0-9a-f]+$/i.test(hexDigits) && /\d/.test(hexDigits)) return true;
  if (!/\d/.test(token) || !/[a-z]/.test(token) || !/[A-Z]/.test(token)) return false;
  return shannonEntropy(token) >= 4.2;
}

/** Bits per character of a string's character distribution. */
function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const share = count / text.length;
    entropy -= share * Math.log2(share);
  }
  return entropy;
}

function isPublicIpv4([first, second]: number[]): boolean {
  if (first === undefined || second === undefined) return false;
  if (first === 10 || first === 127 || first === 0) return false;
  if (first === 192 && second === 168) return false;
  if (first === 172 && second >= 16 && second <= 31) return false;
  if (first === 169 && second === 254) return false;
  return true;
}
