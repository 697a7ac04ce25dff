import { alternativeBlockGroups } from './alternative-blocks.ts';
import { askedForm } from './asked-form.ts';
import { sameBlock } from './render-answer.ts';
import type { QuestionIntent } from './question-intent.ts';
import { scoreCodeUnits } from './score-code-units.ts';
import type { ComposerSection, QuestionWeights, ScoredUnit } from './score-units.ts';

/**
 * Share of the question weight a code block must hold to be quoted: in the lead's source; elsewhere when the question
 * asks for a command or code; elsewhere otherwise; in the lead's section for a value, yes/no or comparison question.
 */
const CODE_SHARE_NEAR = 0.3;
const CODE_SHARE_ASKED = 0.45;
const CODE_SHARE_UNASKED = 0.6;
const CODE_SHARE_IN_SECTION = 0.45;
/** A block a quoted line introduces holds at least this share (its intro's words included): "Here is an example of the data sent:" alone does not make a sample payload an answer. */
const CODE_SHARE_INTRODUCED = 0.25;
/** Beside a block a quoted line introduces, another block is quoted only when it matches the question about as well. */
const SECOND_BLOCK_SHARE = 0.9;
/** Languages a question may name, as code fences name them. */
const LANGUAGE_HINT =
  /\b(python|javascript|typescript|js|ts|go|rust|java|ruby|php|curl|bash|shell|sql|yaml|json|swift|kotlin|c#|csharp)\b/i;

/** The chosen units with the code blocks that answer the question (`codeFor`), each placed after what introduces it (`placeCode`). */
export function withCode(
  chosen: readonly ScoredUnit[],
  intent: QuestionIntent,
  question: string,
  sections: readonly ComposerSection[],
  weights: QuestionWeights,
): ScoredUnit[] {
  return placeCode(chosen, codeFor(intent, question, sections, weights, chosen));
}

/** The best code block of the sources when nothing else in them matches the question: an answer of code alone, when it holds enough of the question. */
export function codeOnlyAnswer(
  intent: QuestionIntent,
  question: string,
  sections: readonly ComposerSection[],
  weights: QuestionWeights,
): ScoredUnit | undefined {
  const code = scoreCodeUnits(sections, weights, 0, intent, languageHint(question), askedForm(question), question)[0];
  return code && code.coverage >= CODE_SHARE_NEAR ? code : undefined;
}

/**
 * The code blocks to quote (at most two): the best one a quoted line introduces (when it holds a quarter of the
 * question's weight), and the best of the others (beside an introduced one, only one matching about as well) when it
 * holds enough of the question's weight — less in the lead's source, and when the question asks for a command or
 * code; for a value, a yes/no question or a comparison only one of the lead's section; for an explanation, none.
 */
function codeFor(
  intent: QuestionIntent,
  question: string,
  sections: readonly ComposerSection[],
  weights: QuestionWeights,
  chosen: readonly ScoredUnit[],
): ScoredUnit[] {
  const lead = chosen[0] as ScoredUnit;
  const codes = scoreCodeUnits(
    sections,
    weights,
    lead.section,
    intent,
    languageHint(question),
    askedForm(question),
    question,
  );
  const introduced = codes.find(
    (code) => code.coverage >= CODE_SHARE_INTRODUCED && chosen.some((unit) => introduces(unit, code)),
  );
  const best = codes.find(
    (code) => code !== introduced && (!introduced || code.coverage >= introduced.coverage * SECOND_BLOCK_SHARE),
  );
  const asked = intent === 'command' || intent === 'code' || intent === 'steps';
  const enough = (code: ScoredUnit): boolean => {
    if (intent === 'explain') return false;
    if (intent === 'yesno' || intent === 'comparison' || intent === 'value')
      return code.section === lead.section && code.coverage >= CODE_SHARE_IN_SECTION;
    return (
      code.coverage >= (code.source === lead.source ? CODE_SHARE_NEAR : asked ? CODE_SHARE_ASKED : CODE_SHARE_UNASKED)
    );
  };
  return [introduced, best && enough(best) ? best : undefined]
    .filter((code): code is ScoredUnit => code !== undefined)
    .flatMap((code) => withFirstAlternative(code, question, sections))
    .filter(
      (code, index, all) =>
        all.findIndex((other) => other.section === code.section && other.unit.line === code.unit.line) === index,
    );
}

/**
 * A code block with the first of the alternatives it is one of (`alternativeBlockGroups`: the tabs of a `<Tabs>` or
 * `<CodeGroup>`) before it, when it is not that first one itself and the question names neither its language nor its
 * title or label: the first tab is the one a reader of the page sees, and word overlap alone is a poor judge between tabs
 * ("Binary" `arroyo migrate` against "Docker" `docker run … migrate`, the Docker block naming more of the question).
 */
function withFirstAlternative(code: ScoredUnit, question: string, sections: readonly ComposerSection[]): ScoredUnit[] {
  const { unit } = code;
  if (unit.kind !== 'code') return [code];
  const named = languageHint(question);
  if (named && unit.language?.toLowerCase().startsWith(named)) return [code];
  const label = (unit.title || unit.intro).toLowerCase();
  if (label && question.toLowerCase().includes(label)) return [code];
  const first = alternativeBlockGroups((sections[code.section] as ComposerSection).text).find((group) =>
    group.some((block) => block.line === unit.line),
  )?.[0];
  return first && first.line !== unit.line ? [{ ...code, unit: first, score: 0, coverage: 0 }, code] : [code];
}

/**
 * The code blocks, each after the unit that introduces it (or the last unit of its section before it), else right
 * after the lead — never inside a list or table the answer shows as one (`sameBlock`), nor before a block already
 * placed there.
 */
export function placeCode(chosen: readonly ScoredUnit[], codes: readonly ScoredUnit[]): ScoredUnit[] {
  const placed = [...chosen];
  for (const code of codes) {
    let at = placed.findIndex((unit) => introduces(unit, code));
    if (at < 0)
      at = placed.reduce(
        (last, unit, index) => (unit.section === code.section && unit.unit.line < code.unit.line ? index : last),
        0,
      );
    while (
      placed[at + 1]?.unit.kind === 'code' ||
      (placed[at + 1] !== undefined && sameBlock(placed[at + 1] as ScoredUnit, placed[at] as ScoredUnit))
    )
      at += 1;
    placed.splice(at + 1, 0, code);
  }
  return placed;
}

/** Whether `unit` stands on the line that introduces the code block `code`. */
function introduces(unit: ScoredUnit, code: ScoredUnit): boolean {
  return (
    code.unit.kind === 'code' &&
    unit.section === code.section &&
    unit.unit.kind !== 'code' &&
    unit.unit.line === code.unit.introLine
  );
}

/** The language a question names, as fences name it ("typescript" → ts). */
function languageHint(question: string): string | undefined {
  const named = LANGUAGE_HINT.exec(question)?.[1]?.toLowerCase();
  return named === 'javascript' ? 'js' : named === 'typescript' ? 'ts' : named;
}
