import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CORPORA, corpusPath } from '../bench-helpers.ts';
import type { MissCause } from './miss-causes.ts';

/**
 * Which split a question belongs to: tune on the first half, report the second; `unseen` questions are about real
 * sites nobody here tuned on (bench/retrieval/unseen-questions.json), never used for tuning.
 */
export type Half = 'tuning' | 'held-back' | 'unseen';

/** How a question is typed: a paraphrase of the page, keywords, or with a typo. */
export type QuestionStyle = 'paraphrase' | 'keyword' | 'typo';

/** One evaluation question with its gold page(s). */
export interface Question {
  corpus: string;
  half: Half;
  question: string;
  answers: string[];
  /** How the question is typed (the unseen split records it; the first set does not). */
  style?: QuestionStyle;
}

/** Retrieval quality of one system over one half of the evaluation set. */
export interface RetrievalFigures {
  system: string;
  half: Half;
  /** The one site, or the named group of sites, the figures are about; absent for figures over every site of the split. */
  site?: string;
  questions: number;
  recallAt1: number;
  recallAt5: number;
  mrrAt10: number;
}

/** A named group of questions summarised together: those of some sites (one batch of the unseen split), of one style, or both. */
export interface SiteGroup {
  name: string;
  /** The sites whose questions count (default: every site). */
  sites?: string[];
  /** Only questions typed this way count (default: every style). */
  style?: QuestionStyle;
}

/** Both halves of the first set, in the order the benches report them. */
export const HALVES: Half[] = ['tuning', 'held-back'];

/** The six shared corpora and the project's own sample site (it has a French translation). */
export const RETRIEVAL_SITES = [
  ...CORPORA.map((corpus) => ({ name: corpus as string, directory: corpusPath(corpus) })),
  { name: 'hoppscotch', directory: corpusPath('hoppscotch') },
  { name: 'acme', directory: path.resolve(import.meta.dirname, '../../sites/acme') },
];

/** The evaluation set, bench/retrieval/questions.json (split once by a hash of the question within each site). */
export function readQuestions(): Question[] {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, 'questions.json'), 'utf8')) as Question[];
}

/** The same page in another docs version counts as the answer (versioned sites copy pages per version). */
export function samePage(route: string): string {
  return route.replace(/\/(?:\d{4}-\d{2}-\d{2}|draft)\//, '/*/').replace(/\/index$/, '');
}

/** Collects each system's rank of the gold page per half and site, and summarises them as recall@1, recall@5 and MRR@10. */
export class RankRecorder {
  private readonly ranks: {
    system: string;
    half: Half;
    site: string;
    style: QuestionStyle | undefined;
    rank: number;
    cause: MissCause | undefined;
  }[] = [];

  /**
   * Records where `ranked` (paths, best first) puts the first of `question`'s answers, within the top 10; when it is
   * not first, `explainMiss` (if given) says why.
   */
  record(system: string, question: Question, ranked: string[], explainMiss?: () => MissCause): void {
    const wanted = new Set(question.answers.map(samePage));
    const position = ranked.slice(0, 10).findIndex((route) => wanted.has(samePage(route)));
    const cause = position !== 0 ? explainMiss?.() : undefined;
    this.ranks.push({
      system,
      half: question.half,
      site: question.corpus,
      style: question.style,
      rank: position < 0 ? Infinity : position + 1,
      cause,
    });
  }

  /** The figures of `system` over `half`: on every question without `scope`, only on the site it names, or on a group's questions. */
  figures(system: string, half: Half, scope?: string | SiteGroup): RetrievalFigures {
    const ranks = this.entries(system, half, scope).map((entry) => entry.rank);
    const count = ranks.length;
    return {
      system,
      half,
      ...(scope === undefined ? {} : { site: typeof scope === 'string' ? scope : scope.name }),
      questions: count,
      recallAt1: ranks.filter((rank) => rank <= 1).length / count,
      recallAt5: ranks.filter((rank) => rank <= 5).length / count,
      mrrAt10: ranks.reduce((sum, rank) => sum + (rank <= 10 ? 1 / rank : 0), 0) / count,
    };
  }

  /** How many of `system`'s misses at rank 1 over `half` (and `scope`, as for `figures`) each cause explains. */
  missCauses(system: string, half: Half, scope?: string | SiteGroup): Map<MissCause, number> {
    const counts = new Map<MissCause, number>();
    for (const { cause } of this.entries(system, half, scope))
      if (cause) counts.set(cause, (counts.get(cause) ?? 0) + 1);
    return counts;
  }

  private entries(system: string, half: Half, scope: string | SiteGroup | undefined): RankRecorder['ranks'] {
    const group: SiteGroup | undefined = typeof scope === 'string' ? { name: scope, sites: [scope] } : scope;
    const inGroup = (entry: { site: string; style: QuestionStyle | undefined }): boolean =>
      group === undefined ||
      ((group.sites === undefined || group.sites.includes(entry.site)) &&
        (group.style === undefined || entry.style === group.style));
    return this.ranks.filter((entry) => entry.system === system && entry.half === half && inGroup(entry));
  }
}

/** A table row of retrieval figures. */
export function figuresRow(figure: RetrievalFigures): string[] {
  return [
    figure.system,
    figure.site ? `${figure.half}: ${figure.site}` : figure.half,
    String(figure.questions),
    figure.recallAt1.toFixed(3),
    figure.recallAt5.toFixed(3),
    figure.mrrAt10.toFixed(3),
  ];
}
