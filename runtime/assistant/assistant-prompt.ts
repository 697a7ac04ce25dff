import type { ReaderContext } from './assistant-request.ts';

/** A retrieved section handed to the answer model and streamed back as a source. */
export interface AssistantSource {
  /** `src_1`, `src_2`, … in rank order; `[n]` citations refer to the n-th source. */
  id: string;
  url: string;
  /** The page title, then the section's heading: "Configure › Tokens in CI". */
  title: string;
  /** The page title and every heading down to the section's, when the section is nested: "Docker › Nvidia GPU › Start the container" (what the prompt names). */
  fullTitle?: string;
  path: string;
  anchor: string;
  text: string;
  snippet: string;
  /** Where the page sits in the site's navigation (product, tab, dropdown, anchor, menu item, groups), outermost first. */
  breadcrumb?: string[];
  /** Other sections of the same page given to the model after `text` (`selectSourceSections`). */
  moreSections?: readonly SourceSection[];
}

/** A further section of a source's page: its title (page › every heading down to its own), link and text. */
export interface SourceSection {
  title: string;
  url: string;
  text: string;
}

/** A source as the answer model reads it back from its prompt: its number, title and the text of each of its sections. */
export interface PromptSource {
  number: number;
  title: string;
  text: string;
  /** The source's further sections (none for a one-section source). */
  sections: { title: string; text: string }[];
}

/** The prompt the answer model receives. */
export interface AssistantPrompt {
  system: string;
  prompt: string;
}

const MAX_PREVIOUS_ANSWER_LENGTH = 4000;
const SOURCE_BLOCK = /<source number="(\d+)" title="([^"]*)"[^>\n]*>\n([\s\S]*?)\n<\/source>/g;
const SECTION_BLOCK = /\n?<source-section title="([^"]*)"[^>\n]*>\n([\s\S]*?)\n<\/source-section>/g;
const INSTRUCTIONS = [
  'Answer the question using only the numbered sources below. Cite each statement with the number of its source in brackets, like [1], and cite only sources you used.',
  'Answer what is asked: a command or code as a fenced code block, whole and exactly as the source writes it; a flag, parameter or setting by its exact name with what it does; a value with its unit; steps as a numbered list; a yes or no question with yes or no first, then the reason.',
  'If the sources do not contain the answer, say that you could not find it in the documentation; do not guess.',
  "Each source is a section of a documentation page, with the page title and heading, the page's place in the site and its link; a source may hold more sections of the same page.",
];

/**
 * Builds the prompt shared by every answer model: instructions and the numbered sources in the system message —
 * each a `<source number="n" title="Page › Heading › Heading" url="…" breadcrumbs="Group › Group">` block holding its
 * section's text whole (code blocks fenced), then any further sections of the page, each in a
 * `<source-section title="…" url="…">` block; the question, with the previous user turn and the previous answer
 * (its first 4,000 characters) for context, as the user message. What the reader selected on the page follows the
 * sources, each in a `<reader-context type="…">` block.
 */
export function buildAssistantPrompt(input: {
  question: string;
  previousQuestion?: string;
  previousAnswer?: string;
  sources: AssistantSource[];
  siteName?: string;
  readerContext?: readonly ReaderContext[];
}): AssistantPrompt {
  const sources = input.sources
    .map((source, index) => {
      const breadcrumbs =
        source.breadcrumb && source.breadcrumb.length > 0
          ? ` breadcrumbs="${attribute(source.breadcrumb.join(' › '))}"`
          : '';
      const sections = (source.moreSections ?? [])
        .map(
          (section) =>
            `\n<source-section title="${attribute(section.title)}" url="${attribute(section.url)}">\n${blockText(section.text)}\n</source-section>`,
        )
        .join('');
      return `<source number="${index + 1}" title="${attribute(source.fullTitle ?? source.title)}" url="${attribute(source.url)}"${breadcrumbs}>\n${blockText(source.text)}${sections}\n</source>`;
    })
    .join('\n\n');
  const system = [
    `You are the documentation assistant${input.siteName ? ` of ${input.siteName}` : ''}.`,
    ...INSTRUCTIONS,
    '',
    'Sources:',
    sources || '(none)',
    ...readerContextLines(input.readerContext ?? []),
  ].join('\n');
  const previousQuestion = input.previousQuestion ? `Previous question: ${input.previousQuestion}\n\n` : '';
  const previousAnswer = input.previousAnswer
    ? `Previous answer: ${input.previousAnswer.slice(0, MAX_PREVIOUS_ANSWER_LENGTH)}\n\n`
    : '';
  const prompt = `${previousQuestion}${previousAnswer}Question: ${input.question}`;
  return { system, prompt };
}

/** An attribute value of a source tag: double quotes become single ones, line breaks spaces. */
function attribute(value: string): string {
  return value.replace(/"/g, "'").replace(/\s*\n\s*/g, ' ');
}

/** A section's text inside a source block, without anything that would end the block early. */
function blockText(text: string): string {
  return text.replace(/<\/source>|<\/?source-section\b/g, '');
}

function readerContextLines(context: readonly ReaderContext[]): string[] {
  if (context.length === 0) return [];
  const blocks = context.map(
    (item) =>
      `<reader-context type="${item.type.replace(/"/g, "'")}"${item.path ? ` path="${item.path.replace(/"/g, "'")}"` : ''}>\n${item.value.replace(/<\/reader-context>/g, '')}\n</reader-context>`,
  );
  return ['', 'The reader selected this on the page and asks about it:', ...blocks];
}

/** Reads the numbered sources back out of a system message built by `buildAssistantPrompt`, each with its further sections. */
export function readPromptSources(system: string): PromptSource[] {
  return [...system.matchAll(SOURCE_BLOCK)].map((match) => {
    const body = match[3] ?? '';
    const first = body.search(/\n?<source-section title="/);
    return {
      number: Number(match[1]),
      title: match[2] ?? '',
      text: first < 0 ? body : body.slice(0, first),
      sections: [...(first < 0 ? '' : body.slice(first)).matchAll(SECTION_BLOCK)].map((section) => ({
        title: section[1] ?? '',
        text: section[2] ?? '',
      })),
    };
  });
}

/** Reads the question (and previous question and answer) back out of the user message built by `buildAssistantPrompt`. */
export function readPromptQuestion(prompt: string): {
  question: string;
  previousQuestion?: string;
  previousAnswer?: string;
} {
  const match = /^(?:Previous question: ([\s\S]*?)\n\n)?(?:Previous answer: ([\s\S]*?)\n\n)?Question: ([\s\S]*)$/.exec(
    prompt,
  );
  if (!match) return { question: prompt };
  return {
    question: match[3] ?? '',
    ...(match[1] ? { previousQuestion: match[1] } : {}),
    ...(match[2] ? { previousAnswer: match[2] } : {}),
  };
}
