// Step 1 of the built-in word vectors (docs/decisions/0273-built-in-docs-word-vectors.md):
//   node --import tsx scripts/docs-word-vectors/extract-sections.ts <repositories folder> <sections.jsonl>
// reads every repository of sources.json at its pinned commit (`<folder>/<owner>+<name>`, a clone or a bare
// repository) and writes one line per English prose section of its Markdown and MDX pages: its heading's and its
// body's terms, prepared as search prepares them (stemmed, stop words dropped). Code blocks, JSX tags, link targets
// and URLs are left out; pages under a language folder, changelogs and snippets too. Step 2 is train.py.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { prepareText } from '../../contract/search/prepare-text.ts';

interface Source {
  repo: string;
  commit: string;
  license: string;
}

/** Characters read per repository at most, so that no single site dominates what the vectors learn. */
const CHARACTERS_PER_REPOSITORY = 3_000_000;
/** A page longer than this is generated reference, not prose. */
const MAX_PAGE_CHARACTERS = 400_000;
/** Prose sections with fewer terms teach nothing about what goes with what. */
const MIN_SECTION_TERMS = 5;
/** A section whose letters are more than this share non-Latin is not English. */
const MAX_NON_LATIN_SHARE = 0.2;
const LANGUAGE_FOLDER = /^(?:[a-z]{2}(?:-[A-Za-z]{2,4})?|zh-hans|zh-hant|cn|jp|kr)$/i;
/** Two-letter folder names that are not languages. */
const NOT_LANGUAGES = new Set('js ts go py ai ui v1 v2 v3 io db os ci qa ml id ip ok rs sh me us'.split(' '));
const SKIPPED_PATH = /node_modules|changelog|release-notes|\/snippets?\//i;

const [folder, output] = process.argv.slice(2);
if (!folder || !output) {
  process.stderr.write('usage: extract-sections.ts <repositories folder> <sections.jsonl>\n');
  process.exit(2);
}
const sources = JSON.parse(readFileSync(path.join(import.meta.dirname, 'sources.json'), 'utf8')) as Source[];
writeFileSync(output, '');
for (const source of sources) {
  const gitDirectory = gitDirectoryOf(path.join(folder, source.repo.replace('/', '+')));
  const git = (...args: string[]): string =>
    execFileSync('git', ['--git-dir', gitDirectory, ...args], { maxBuffer: 1 << 28 }).toString();
  const pages = git('ls-tree', '-r', '--name-only', source.commit)
    .split('\n')
    .filter((file) => /\.mdx?$/.test(file) && !SKIPPED_PATH.test(file) && !underLanguageFolder(file));
  let budget = CHARACTERS_PER_REPOSITORY;
  const lines: string[] = [];
  for (const page of pages) {
    if (budget <= 0) break;
    let text: string;
    try {
      text = git('show', `${source.commit}:${page}`);
    } catch {
      continue;
    }
    if (text.length > MAX_PAGE_CHARACTERS) continue;
    budget -= text.length;
    for (const section of proseSections(text)) lines.push(JSON.stringify({ r: source.repo, ...section }));
  }
  appendFileSync(output, lines.length > 0 ? `${lines.join('\n')}\n` : '');
  process.stderr.write(`${source.repo}: ${pages.length} pages, ${lines.length} sections\n`);
}

function gitDirectoryOf(directory: string): string {
  for (const candidate of [path.join(directory, '.git'), path.join(directory, 'repo'), directory])
    if (existsSync(path.join(candidate, 'HEAD'))) return candidate;
  throw new Error(`${directory}: no git repository (clone ${directory} there)`);
}

function underLanguageFolder(file: string): boolean {
  return file
    .split('/')
    .slice(0, 3)
    .some((segment) => LANGUAGE_FOLDER.test(segment) && !NOT_LANGUAGES.has(segment.toLowerCase()));
}

/** A page's English prose sections: the terms of its title, its heading and its body. */
function proseSections(page: string): { t: string[]; h: string[]; b: string[] }[] {
  let text = page;
  let title = '';
  const frontmatter = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (frontmatter) {
    const field = (name: string): string =>
      new RegExp(`^${name}:\\s*["']?(.*?)["']?\\s*$`, 'm').exec(frontmatter[1] as string)?.[1] ?? '';
    title = field('title');
    text = `${field('description')}\n${text.slice(frontmatter[0].length)}`;
  }
  text = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<[^>\n]*>/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/^(import|export) .*$/gm, ' ');
  const sections: { t: string[]; h: string[]; b: string[] }[] = [];
  let heading = '';
  for (const part of text.split(/^(#{1,4} .*)$/m)) {
    if (/^#{1,4} /.test(part)) {
      heading = part.replace(/^#+\s*/, '');
      continue;
    }
    const body = prepareText(part);
    if (body.length < MIN_SECTION_TERMS) continue;
    const letters = part.replace(/[^\p{L}]/gu, '');
    if (letters.length > 0 && letters.replace(/[a-zA-Z]/g, '').length / letters.length > MAX_NON_LATIN_SHARE) continue;
    sections.push({ t: prepareText(title), h: prepareText(heading), b: body });
  }
  return sections;
}
