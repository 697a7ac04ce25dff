import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Question, type QuestionStyle, type SiteGroup } from './question-set.ts';

/** Where one unseen site comes from: its public repository, the commit the questions were written against, and the folder holding its docs.json. */
export interface UnseenSource {
  site: string;
  repo: string;
  commit: string;
  config: string;
  /** Which batch of sites its questions were written in: batch 1 has since been read in failure analyses, later batches are fresh checks. */
  batch: number;
}

/** One entry of bench/retrieval/unseen-questions.json. */
interface UnseenEntry {
  site: string;
  style: QuestionStyle;
  question: string;
  answers: string[];
}

/** The unseen split: the sites' sources and their questions (each in the `unseen` half, its site as `corpus`). */
export interface UnseenQuestionSet {
  sources: UnseenSource[];
  questions: Question[];
}

/** The environment variable naming a folder that holds the unseen sites as `<owner>+<name>` subfolders. */
export const UNSEEN_SITES_VARIABLE = 'DOCSMITH_BENCH_UNSEEN_SITES';

/** bench/retrieval/unseen-questions.json: questions written from the pages of real sites before any ranking was run on them. */
export function readUnseenQuestionSet(): UnseenQuestionSet {
  const file = JSON.parse(readFileSync(path.join(import.meta.dirname, 'unseen-questions.json'), 'utf8')) as {
    sources: UnseenSource[];
    questions: UnseenEntry[];
  };
  return {
    sources: file.sources,
    questions: file.questions.map((entry) => ({
      corpus: entry.site,
      half: 'unseen',
      question: entry.question,
      answers: entry.answers,
      style: entry.style,
    })),
  };
}

/** The sites of each batch, in batch order, named `batch <n>`, for figures over one batch at a time. */
export function unseenBatches(sources: UnseenSource[]): SiteGroup[] {
  const batches = [...new Set(sources.map((source) => source.batch))].sort((first, second) => first - second);
  return batches.map((batch) => ({
    name: `batch ${batch}`,
    sites: sources.filter((source) => source.batch === batch).map((source) => source.site),
  }));
}

/** Each batch's questions by the way they are typed (paraphrase, keyword, typo): "batch 2, keyword". */
export function unseenBatchStyles(sources: UnseenSource[]): SiteGroup[] {
  const styles: QuestionStyle[] = ['paraphrase', 'keyword', 'typo'];
  return unseenBatches(sources).flatMap((batch) =>
    styles.map((style) => ({ ...batch, name: `${batch.name}, ${style}`, style })),
  );
}

/** The folder of `source`'s docs.json under `sitesFolder` (the extracted repository is `<owner>+<name>`). */
export function unseenSiteDirectory(sitesFolder: string, source: UnseenSource): string {
  return path.resolve(sitesFolder, source.repo.replace('/', '+'), source.config);
}

/**
 * The unseen sites' folders when `DOCSMITH_BENCH_UNSEEN_SITES` names a folder holding every one of them, else the
 * one line that says why the split is skipped and how to get the sites (never copied into the project).
 */
export function locateUnseenSites(
  sources: UnseenSource[],
  environment: NodeJS.ProcessEnv = process.env,
): { directories: Map<string, string> } | { skipped: string } {
  const sitesFolder = environment[UNSEEN_SITES_VARIABLE];
  const howToGet = sources
    .map(
      (source) => `github.com/${source.repo} at ${source.commit.slice(0, 12)} into ${source.repo.replace('/', '+')}/`,
    )
    .join(', ');
  if (!sitesFolder)
    return { skipped: `unseen split skipped: set ${UNSEEN_SITES_VARIABLE} to a folder holding ${howToGet}` };
  const directories = new Map(sources.map((source) => [source.site, unseenSiteDirectory(sitesFolder, source)]));
  const missing = [...directories.values()].filter((directory) => !existsSync(directory));
  if (missing.length > 0)
    return {
      skipped: `unseen split skipped: ${missing.join(', ')} not found; ${UNSEEN_SITES_VARIABLE} must hold ${howToGet}`,
    };
  return { directories };
}
