import { answerUnitsOf } from './answer-units.ts';
import type { QuestionIntent } from './question-intent.ts';
import {
  formFactor,
  FRAMED_SHARE,
  overlapOf,
  RANK_DECAY,
  titleTerms,
  type ComposerSection,
  type QuestionWeights,
  type ScoredUnit,
} from './score-units.ts';

/** A code block whose title the question names as written ("… in config.yml", "… with Homebrew"); a language name is no such title (the language a question names weighs on its own). */
const NAMED_TITLE_FACTOR = 1.5;
const LANGUAGE_NAME =
  /^(?:python|javascript|typescript|js|ts|node(?:\.?js)?|go|golang|rust|java|ruby|php|curl|bash|shell|sh|sql|yaml|json|swift|kotlin|c#|csharp|c\+\+|dart|elixir|scala)$/i;
/** Diagram sources (a flowchart in Mermaid): drawn on the page, no answer as code. */
export const DIAGRAM = /^(?:mermaid|plantuml|dot|graphviz)$/i;
/** Languages of program source, as fences name them: a file's code, not a command to run. */
const SOURCE_CODE =
  /^(?:jsx|tsx|js|ts|javascript|typescript|python|py|go|rust|rs|java|kotlin|swift|ruby|rb|php|c|cpp|cs|csharp|dart|scala)$/i;
/** Languages of shell blocks, as fences name them. */
const SHELL = /^(?:bash|sh|shell|zsh|console|terminal|powershell|ps1|cmd|bat)$/i;

/**
 * The code blocks of the sections scored against the question, best first: the question weight in the code and in
 * the line introducing it (both whole) and in its section's title (at half; whole for a block right under its
 * heading, with no line of its own introducing it: the heading is its intro), a little less for each rank below the
 * first, more in the lead's section (`preferredSection`) and its source; for a code question, more in the language
 * it names (`language`), for a command question more in a shell block and less in a program's source (a `.tsx`
 * file to create is no command to run). Blocks without a question term and diagram
 * sources (Mermaid) are left out.
 */
export function scoreCodeUnits(
  sections: readonly ComposerSection[],
  weights: QuestionWeights,
  preferredSection: number,
  intent: QuestionIntent,
  language: string | undefined,
  form?: RegExp,
  question = '',
): ScoredUnit[] {
  const scored: ScoredUnit[] = [];
  const asked = question.toLowerCase();
  sections.forEach((section, index) => {
    for (const unit of answerUnitsOf(section.text)) {
      if (unit.kind !== 'code' || (unit.language !== undefined && DIAGRAM.test(unit.language))) continue;
      const { own, framed } = overlapOf(
        { ...unit, terms: new Set([...unit.terms, ...unit.contextTerms]) },
        titleTerms(section.title),
        weights,
        unit.introLine < 0 ? 1 : FRAMED_SHARE,
      );
      if (own + framed === 0) continue;
      const fit =
        intent === 'code' && language && unit.language
          ? unit.language.toLowerCase().startsWith(language)
            ? 1.3
            : 0.8
          : intent === 'command' && unit.language
            ? SHELL.test(unit.language)
              ? 1.2
              : SOURCE_CODE.test(unit.language)
                ? 0.7
                : 0.9
            : 1;
      const place = index === preferredSection ? 1.5 : sections[preferredSection]?.source === section.source ? 1.2 : 1;
      const coverage = (own + framed) / weights.found;
      const named =
        unit.title && !LANGUAGE_NAME.test(unit.title) && asked.includes(unit.title.toLowerCase())
          ? NAMED_TITLE_FACTOR
          : 1;
      scored.push({
        unit,
        section: index,
        source: section.source,
        rank: section.rank,
        score: (coverage * fit * place * named * formFactor(unit.code, form)) / (1 + RANK_DECAY * section.rank),
        coverage,
      });
    }
  });
  return scored.sort((a, b) => b.score - a.score);
}
