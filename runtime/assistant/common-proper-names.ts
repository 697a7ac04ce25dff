/** Letters of the alphabet, for walking every two-letter region and language code. */
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** The abbreviations of countries and unions English writes as words ("users in the US"); other region codes double as tech words (AI, CI, ML, PR). */
const COUNTRY_ABBREVIATIONS = ['us', 'usa', 'uk', 'eu', 'uae'];
/** Computing words English writes in capitals ("run it in CI", "my LAN"): what a question is about, never a product the sources must name. */
const COMPUTING_ACRONYMS = [
  'ai',
  'api',
  'cd',
  'ci',
  'cli',
  'cpu',
  'csv',
  'dns',
  'gpu',
  'http',
  'https',
  'id',
  'ip',
  'json',
  'lan',
  'llm',
  'os',
  'ram',
  'sdk',
  'sql',
  'ssh',
  'ssl',
  'tls',
  'ui',
  'url',
  'uri',
  'vm',
  'vpn',
  'wan',
  'xml',
  'yaml',
];
/** Shortest word of a name kept: "of", "and" and two-letter pieces are no names. */
const MIN_WORD_LENGTH = 3;

let names: ReadonlySet<string> | undefined;

/**
 * Whether `word` (any case, punctuation around it ignored) is a word of a country's or region's, a language's, a
 * month's or a weekday's English name ("Germany", "Japanese", "Friday") or a country's abbreviation ("US", "EU"), from the runtime's own ICU data
 * (`Intl.DisplayNames`, `Intl.DateTimeFormat`), or a computing acronym ("CI", "LAN"): such a capitalised word in a
 * question is usually an example or the setting of what is asked ("visitors from Germany", "after the promo ends on
 * Friday", "in CI"), not the name of a product or feature the sources must mention.
 */
export function isCommonProperName(word: string): boolean {
  names ??= collectNames();
  return names.has(word.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''));
}

function collectNames(): ReadonlySet<string> {
  const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const found: string[] = [];
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = `${first}${second}`;
      found.push(regions.of(code.toUpperCase()) ?? '', languages.of(code) ?? '');
    }
  }
  for (let month = 0; month < 12; month += 1)
    found.push(new Date(Date.UTC(2020, month, 15)).toLocaleString('en', { month: 'long', timeZone: 'UTC' }));
  // 2020-01-05 was a Sunday: seven days from it name every weekday.
  for (let day = 0; day < 7; day += 1)
    found.push(new Date(Date.UTC(2020, 0, 5 + day)).toLocaleString('en', { weekday: 'long', timeZone: 'UTC' }));
  const words = found
    .flatMap((name) => name.toLowerCase().split(/[^\p{L}]+/u))
    .filter((word) => word.length >= MIN_WORD_LENGTH);
  return new Set([...words, ...COUNTRY_ABBREVIATIONS, ...COMPUTING_ACRONYMS]);
}
