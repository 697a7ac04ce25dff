import { prepareText } from '../../contract/search/prepare-text.ts';
import { gistOf } from './answer-sentences.ts';
import { answerUnitsOf, type SentenceUnit } from './answer-units.ts';
import { captionFrom } from './render-answer.ts';
import { headlessListsOf, listLinesOf, markedItemsAfter, MIN_STEPS } from './marked-list-items.ts';
import { readsAsSteps } from './reads-as-steps.ts';
import { weightIn, type ComposerSection, type QuestionWeights, type ScoredUnit } from './score-units.ts';

/** Share of the question weight a procedure must hold itself (its section's headings, its intro, its items' gist)… */
const OWN_SHARE = 0.15;
/** …and with the lead's terms. */
const PROCEDURE_LIST_SHARE = 0.5;

/** A list that may be a procedure, as a unit of its section, with the last line it reads. */
interface Procedure {
  unit: ScoredUnit;
  end: number;
}

/**
 * The chosen units of a steps question with the procedure that answers it: the list of three or more items of the
 * lead's source (introduced by a line, or right under its heading: then captioned with the section's title) that
 * holds the lead among its lines, else the one holding the most question weight in its section's headings (the page
 * title left out), its intro and its items' gist, when that is enough on its own and with the lead. It stands for the
 * lead when the lead is one of its lines, else after the lead; units among its lines are left out. A list of steps to
 * take (`readsAsSteps`) that holds enough comes after a lead whose own list is none; when no list holds enough on its
 * own, the source's one list of three or more steps to take does, if it holds enough with the lead.
 */
export function withProcedureList(
  chosen: readonly ScoredUnit[],
  sections: readonly ComposerSection[],
  weights: QuestionWeights,
): readonly ScoredUnit[] {
  const lead = chosen[0];
  if (!lead) return chosen;
  const within = (unit: ScoredUnit, { unit: list, end }: Procedure): boolean =>
    unit.section === list.section && unit.unit.line >= list.unit.line && unit.unit.line <= end;
  let best: Procedure | undefined;
  let steps: Procedure | undefined;
  const stepLists: Procedure[] = [];
  sections.forEach((section, index) => {
    if (section.source !== lead.source) return;
    const headings = prepareText(section.title.split(' › ').slice(1).join('\n'));
    for (const { unit, end } of procedureUnitsOf(section)) {
      const own = new Set([...headings, ...unit.terms]);
      const share = weightIn(own, weights) / weights.found;
      const candidate = {
        unit: { unit, section: index, source: section.source, rank: section.rank, score: share, coverage: share },
        end,
      };
      const withLead = weightIn(new Set([...own, ...lead.unit.terms]), weights) / weights.found;
      const enough = share >= OWN_SHARE && withLead >= PROCEDURE_LIST_SHARE;
      if (
        unit.kind === 'sentence' &&
        unit.sentence.items.length >= MIN_STEPS &&
        readsAsSteps(unit.sentence.items) &&
        withLead >= PROCEDURE_LIST_SHARE
      )
        stepLists.push(candidate);
      if (
        enough &&
        unit.kind === 'sentence' &&
        readsAsSteps(unit.sentence.items) &&
        (!steps || share > steps.unit.score)
      )
        steps = candidate;
      if (best && within(lead, best)) continue;
      if (within(lead, candidate) || (enough && (!best || share > best.unit.score))) best = candidate;
    }
  });
  // A list that is no procedure ("the attributes migrated: Destination URL, Link tags…", "what slots drive: the
  // calendar's Day view…") yields to the source's list of steps to take, quoted after the lead.
  const isSteps = (candidate: Procedure): boolean =>
    candidate.unit.unit.kind === 'sentence' && readsAsSteps(candidate.unit.unit.sentence.items);
  if (best && steps && !isSteps(best)) best = steps;
  // A source whose one list of steps says little of the question itself ("Get an incoming webhook URL", "Enable
  // transformations" under *Setup*, for "send events to a Discord channel") still walks through it when nothing
  // else is the procedure and, with the lead, it holds the question.
  if (!best && stepLists.length === 1) best = stepLists[0];
  const procedure = best;
  if (!procedure || chosen.some((unit) => unit.section === procedure.unit.section && unit.unit === procedure.unit.unit))
    return chosen;
  const rest = chosen.slice(1).filter((unit) => !within(unit, procedure));
  return within(lead, procedure) ? [procedure.unit, ...rest] : [lead, procedure.unit, ...rest];
}

/** The lists of a section that may be a procedure, with the line each ends on: introduced ones, and headless ones captioned with the section's title. */
function procedureUnitsOf(section: ComposerSection): { unit: SentenceUnit; end: number }[] {
  const lines = listLinesOf(section.text);
  const introduced = answerUnitsOf(section.text).flatMap((unit) => {
    if (unit.kind !== 'sentence' || !mayBeProcedure(unit.sentence.items)) return [];
    const marked = markedItemsAfter(
      lines,
      lines.findIndex((line) => line.number === unit.line),
    ).end;
    return [{ unit, end: marked > unit.line ? marked : unit.line + unit.sentence.items.length }];
  });
  const headless = headlessListsOf(section.text)
    .filter((list) => mayBeProcedure(list.items))
    .map(({ line, end, items }) => {
      const terms = new Set(prepareText(items.map(gistOf).join('\n')));
      const unit: SentenceUnit = {
        kind: 'sentence',
        sentence: {
          sentence: `${captionFrom(section.title)}:`,
          items,
          rows: [],
          terms,
          complete: true,
          meta: false,
          definition: false,
          anaphoric: false,
          line,
        },
        line,
        terms,
        size: terms.size,
        contextTerms: new Set(),
      };
      return { unit, end };
    });
  return [...introduced, ...headless];
}

/** Whether a list may be a procedure: `MIN_STEPS` items or more, or two that read as steps to take ("Go to Project Settings", "Toggle on Default user spaces"). */
function mayBeProcedure(items: readonly string[]): boolean {
  return items.length >= MIN_STEPS || (items.length === 2 && readsAsSteps(items));
}
