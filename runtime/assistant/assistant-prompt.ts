import type { ReaderContext } from './assistant-request.ts';

/** A retrieved section handed to the answer model and streamed back as a source. */
export interface AssistantSource {
  /** `src_1`, `src_2`, … in rank order; `[n]` citations refer to the n-th source. */
  id: string;
  url: string;
  title: string;
  path: string;
  anchor: string;
  text: string;
  snippet: string;
  /** Where the page sits in the site's navigation (product, tab, dropdown, anchor, menu item, groups), outermost first. */
  breadcrumb?: string[];
}

/** The prompt the answer model receives. */
export interface AssistantPrompt {
  system: string;
  prompt: string;
}

const MAX_PREVIOUS_ANSWER_LENGTH = 4000;
const SOURCE_BLOCK = /<source number="(\d+)" title="([^"]*)">\n([\s\S]*?)\n<\/source>/g;

/**
 * Builds the prompt shared by every answer model: instructions and the numbered sources (each in a
 * `<source number="n" title="…">` block) in the system message; the question, with the previous user turn and
 * the previous answer (its first 4,000 characters) for context, as the user message. What the reader selected on
 * the page follows the sources, each in a `<reader-context type="…">` block.
 */
export function buildAssistantPrompt(input: { question: string; previousQuestion?: string; previousAnswer?: string; sources: AssistantSource[]; siteName?: string; readerContext?: readonly ReaderContext[] }): AssistantPrompt {
  const sources = input.sources
    .map((source, index) => `<source number="${index + 1}" title="${source.title.replace(/"/g, "'")}">\n${source.text.replace(/<\/source>/g, '')}\n</source>`)
    .join('\n\n');
  const system = [
    `You are the documentation assistant${input.siteName ? ` of ${input.siteName}` : ''}.`,
    'Answer the question using only the numbered sources below, and cite each statement with its source number in brackets, like [1].',
    'If the sources do not contain the answer, say that you could not find it in the documentation.',
    '',
    'Sources:',
    sources || '(none)',
    ...readerContextLines(input.readerContext ?? []),
  ].join('\n');
  const previousQuestion = input.previousQuestion ? `Previous question: ${input.previousQuestion}\n\n` : '';
  const previousAnswer = input.previousAnswer ? `Previous answer: ${input.previousAnswer.slice(0, MAX_PREVIOUS_ANSWER_LENGTH)}\n\n` : '';
  const prompt = `${previousQuestion}${previousAnswer}Question: ${input.question}`;
  return { system, prompt };
}

function readerContextLines(context: readonly ReaderContext[]): string[] {
  if (context.length === 0) return [];
  const blocks = context.map((item) => `<reader-context type="${item.type.replace(/"/g, "'")}"${item.path ? ` path="${item.path.replace(/"/g, "'")}"` : ''}>\n${item.value.replace(/<\/reader-context>/g, '')}\n</reader-context>`);
  return ['', 'The reader selected this on the page and asks about it:', ...blocks];
}

/** Reads the numbered sources back out of a system message built by `buildAssistantPrompt`. */
export function readPromptSources(system: string): { number: number; title: string; text: string }[] {
  return [...system.matchAll(SOURCE_BLOCK)].map((match) => ({ number: Number(match[1]), title: match[2] ?? '', text: match[3] ?? '' }));
}

/** Reads the question (and previous question and answer) back out of the user message built by `buildAssistantPrompt`. */
export function readPromptQuestion(prompt: string): { question: string; previousQuestion?: string; previousAnswer?: string } {
  const match = /^(?:Previous question: ([\s\S]*?)\n\n)?(?:Previous answer: ([\s\S]*?)\n\n)?Question: ([\s\S]*)$/.exec(prompt);
  if (!match) return { question: prompt };
  return { question: match[3] ?? '', ...(match[1] ? { previousQuestion: match[1] } : {}), ...(match[2] ? { previousAnswer: match[2] } : {}) };
}
