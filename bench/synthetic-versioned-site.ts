import type { SiteSource } from '../pipeline/site/site-source.ts';
import { pageText } from './synthetic-site.ts';
import {
  capitalise,
  seededRandom,
  SYNTHETIC_TOPICS as TOPICS,
  SYNTHETIC_VERBS as VERBS,
  SYNTHETIC_WORDS as WORDS,
} from './synthetic-words.ts';

/** Options of the versioned, multilingual synthetic site generator. */
export interface VersionedSiteOptions {
  /** Languages, the first one the default (default: en, fr, de, es). */
  languages?: string[];
  /** Versions per language, the newest first and the default (default 35). */
  versions?: number;
  /** Pages in each version of each language (default 164). */
  pagesPerVersion?: number;
  /** Pages rewritten from one version to the next (default 8). */
  changedPerVersion?: number;
  /** Seed of the deterministic word generator (default 1). */
  seed?: number;
}

/**
 * Generates a site shaped like a documentation site that keeps every release, in every language: each language
 * holds `versions` copies of its pages under `<language>/<version>/`, byte-identical from one version to the next
 * except `changedPerVersion` pages rewritten per release. Defaults give 4 × 35 × 164 = 22,960 navigation pages
 * from 4 × (164 + 34 × 8) = 1,744 distinct page files. Deterministic for a given seed.
 */
export function generateVersionedSite(options: VersionedSiteOptions = {}): SiteSource {
  const languages = options.languages ?? ['en', 'fr', 'de', 'es'];
  const versionCount = options.versions ?? 35;
  const pageCount = options.pagesPerVersion ?? 164;
  const changedPerVersion = options.changedPerVersion ?? 8;
  const random = seededRandom(options.seed ?? 1);
  const versions = Array.from({ length: versionCount }, (_, index) => `v${versionCount - index}.0`);
  const files = new Map<string, string>();
  const languageNodes = languages.map((language, languageIndex) => {
    const words = WORDS.map((word) => (languageIndex === 0 ? word : `${word}${language}`));
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const paragraph = (): string =>
      Array.from(
        { length: 3 + Math.floor(random() * 4) },
        () => `${Array.from({ length: 8 + Math.floor(random() * 10) }, () => pick(words)).join(' ')}.`,
      ).join(' ');
    const slugs = Array.from(
      { length: pageCount },
      (_, index) => `${pick(VERBS)}-${TOPICS[index % TOPICS.length]}-${index}`,
    );
    // Texts of the oldest version first; each newer version rewrites a few pages.
    let texts = slugs.map((slug, index) => pageTextOf(slug, index, 0, paragraph));
    const textsByVersion: string[][] = [];
    for (let version = 0; version < versionCount; version += 1) {
      if (version > 0) {
        texts = [...texts];
        for (let change = 0; change < changedPerVersion; change += 1) {
          const index = Math.floor(random() * pageCount);
          texts[index] = pageTextOf(slugs[index] as string, index, version, paragraph);
        }
      }
      textsByVersion.push(texts);
    }
    return {
      language,
      ...(languageIndex === 0 ? { default: true } : {}),
      versions: versions.map((version, position) => {
        const versionTexts = textsByVersion[versionCount - 1 - position] as string[];
        const routes = slugs.map((slug, index) => {
          const route = `${language}/${version}/${TOPICS[index % TOPICS.length]}/${slug}`;
          files.set(`${route}.mdx`, versionTexts[index] as string);
          return route;
        });
        return {
          version,
          ...(position === 0 ? { default: true } : {}),
          groups: TOPICS.map((topic, topicIndex) => ({
            group: capitalise(topic),
            pages: routes.filter((_, index) => index % TOPICS.length === topicIndex),
          })),
        };
      }),
    };
  });
  const config = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Versioned synthetic',
    colors: { primary: '#0F766E' },
    navigation: { languages: languageNodes },
  };
  files.set('docs.json', JSON.stringify(config, null, 2));
  return { files };
}

function pageTextOf(slug: string, index: number, revision: number, paragraph: () => string): string {
  const [verb = '', topic = ''] = slug.split('-');
  return pageText(
    `${capitalise(verb)} the ${topic} (${index}${revision > 0 ? `, revision ${revision}` : ''})`,
    topic,
    verb,
    paragraph,
  );
}
