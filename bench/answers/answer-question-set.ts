import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { UnseenSource } from '../retrieval/unseen-sites.ts';

/** What a question asks for, as its writer labelled it (the composer reads this from the wording itself: `questionIntent`). */
export const QUESTION_KINDS = [
  'command',
  'code',
  'flag',
  'value',
  'steps',
  'yesno',
  'comparison',
  'where',
  'explain',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** Which split a question belongs to: tune on `tuning`, report `held-back`; `unseen` questions are about fresh sites nobody tuned on. */
export type AnswerSplit = 'tuning' | 'held-back' | 'unseen';

/** One question of the answers bench, with the decisive facts an answer must hold and the pages that answer it. */
export interface AnswerQuestion {
  site: string;
  split: AnswerSplit;
  kind: QuestionKind;
  question: string;
  /** Page paths (manifest paths, no leading slash) that answer it. */
  answers: string[];
  /** Every inner list is one fact; any one of its spellings must occur in the answer (case-insensitive, whitespace collapsed). */
  facts: string[][];
  /** The batch of its site (unseen split only). */
  batch?: number;
}

/** The questions of one file and, for the unseen split, where their sites come from. */
export interface AnswerQuestionFile {
  questions: AnswerQuestion[];
  sources: UnseenSource[];
}

interface QuestionEntry {
  site: string;
  half?: 'tuning' | 'held-back';
  kind: QuestionKind;
  question: string;
  answers: string[];
  facts: string[][];
}

const FOLDER = import.meta.dirname;

/**
 * bench/answers/questions.json (tuning and held-back halves): entries `{site, half, kind, question, answers, facts}`,
 * `answers` the page paths that answer, each inner list of `facts` one decisive fact in any of its spellings; none
 * when the file is absent.
 */
export function readAnswerQuestions(): AnswerQuestion[] {
  const file = path.join(FOLDER, 'questions.json');
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as QuestionEntry[]).map((entry) =>
    questionOf(entry, entry.half ?? 'tuning'),
  );
}

/** bench/answers/unseen-questions.json (fresh sites, the honest held-out check): `{sources, questions}`, the sources shaped as the retrieval bench's; none when the file is absent. */
export function readUnseenAnswerQuestions(): AnswerQuestionFile {
  const file = path.join(FOLDER, 'unseen-questions.json');
  if (!existsSync(file)) return { questions: [], sources: [] };
  const { sources, questions } = JSON.parse(readFileSync(file, 'utf8')) as {
    sources: UnseenSource[];
    questions: QuestionEntry[];
  };
  const batchOf = new Map(sources.map((source) => [source.site, source.batch]));
  return {
    sources,
    questions: questions.map((entry) => ({
      ...questionOf(entry, 'unseen'),
      ...(batchOf.has(entry.site) ? { batch: batchOf.get(entry.site) as number } : {}),
    })),
  };
}

function questionOf(entry: QuestionEntry, split: AnswerSplit): AnswerQuestion {
  return {
    site: entry.site,
    split,
    kind: entry.kind,
    question: entry.question,
    answers: entry.answers,
    facts: entry.facts,
  };
}
