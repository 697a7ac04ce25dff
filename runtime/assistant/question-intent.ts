import { opensWithImperative } from './reads-as-steps.ts';

/** What a question asks for, as the offline composer answers it. */
export type QuestionIntent =
  'command' | 'code' | 'flag' | 'value' | 'steps' | 'yesno' | 'comparison' | 'where' | 'explain' | 'fact';

/** Opening words of a question answered by yes or no ("Can I…", "Does it…", "Is there…"). */
const YES_NO =
  /^\s*(?:(?:so|and|but|ok|okay|also|hey|hi)[,\s]+)?(?:can|could|does|do|did|is|are|was|will|would|should|may|must|has|have|am)\b(?!\s+(?:i|you|we)\s+(?:find|get|see|know)\s+(?:what|which|where|how)\b)/i;
/**
 * A yes/no question after a leading clause ("with masking on, does the agent still…", "got a 409, is it safe to
 * retry"): the clause sets the scene, the auxiliary after its comma asks; a clause that is itself a question ("how do
 * I…, should I…") or a choice ("…, is it allowed or blocked") is not one.
 */
const YES_NO_AFTER_CLAUSE =
  /^\s*(?!(?:how|what|which|where|why|who)\b)[^,?.]{2,80},\s*(?:can|could|does|do|did|is|are|was|will|would|should|may|must|has|have|am)\b(?![^?]*\bor\b)/i;
/** A comparison: "X vs Y", "difference between", "which is better", "or should I". */
const COMPARISON =
  /\b(?:vs\.?|versus|difference|differences|differ|compare|compared|comparison|better|which (?:one|is|should)|or should|pros and cons)\b/i;
/** "Instead of" and "rather than" compare in a question ("when does it fall back to X instead of Y"), not in a task ("deploy to staging instead of prod"). */
const ALTERNATIVE = /\b(?:rather than|instead of)\b/i;
const INTERROGATIVE = /^\s*(?:when|why|what|which|how|should|is|are|does|do|can|could|would|will)\b/i;
const WHERE =
  /^\s*(?:where\b|which (?:page|endpoint|url|route|file|folder|directory|table|path)\b|what (?:endpoint|url|route|path|file)\b)|\b(?:endpoint|url|route|path) (?:to|for|that|which|returns)\b/i;
const STEPS =
  /\b(?:steps?|walk me through|step by step|set ?up|setup|get started|getting started|migrate|configure .* from scratch|process (?:of|for|to))\b/i;
const COMMAND =
  /\b(?:command|commands|cli|terminal|shell|run|install|shortcut|keyboard|keybinding|hotkey|docker|kubectl|helm|brew|npm|npx|pip|curl)\b/i;
const CODE =
  /\b(?:code|snippet|example|sdk|function|method|call|import|python|javascript|typescript|node(?:\.js)?|go|golang|rust|java|ruby|php|react|class|decorator|hook|query|sql|regex|yaml|json|config(?:uration)? file)\b/i;
const FLAG =
  /\b(?:flag|flags|option|options|parameter|parameters|param|params|argument|arguments|arg|field|fields|property|properties|attribute|header|headers|env(?:ironment)? var(?:iable)?s?|variable|setting|settings|(?<!\b(?:api|secret|private|public|publishable|license|master|access|ssh|signing|encryption)[ -])keys?|config key|which (?:id|name|value))\b|--[a-z]/i;
const VALUE =
  /\b(?:how (?:many|much|long|often|big|large|old|fast)|what (?:is|are) the (?:default|max(?:imum)?|min(?:imum)?|limit|size|timeout|port|price|cost|version|format)|default|max(?:imum)?|min(?:imum)?|limit|limits|quota|timeout|port|size|price|cost|rate|retention|interval|duration|version|format|prefix|suffix|smallest|largest|longest|shortest|at most|at least|up to|(?:start|begin)s? with)\b/i;
/** A question asking what to run or which command ("what do I run after upgrading to a newer version"): a command, whatever else it names. */
const RUN_ASKED =
  /\bwhat (?:do|should|can|must) (?:i|we|you) (?:run|type|execute|enter)\b|\b(?:what|which) (?:cli )?commands?\b/i;
/**
 * Programming languages a question may open with ("TypeScript to create…", "python: tell mem0…"); Go only as "Go SDK",
 * "Go client"… ("Go to settings" is no language).
 */
const LANGUAGES =
  '(?:python|typescript|javascript|js|ts|node(?:\\.js)?|golang|go(?=\\s+(?:sdk|client|module|library))|rust|java|ruby|php|swift|kotlin|c#|csharp|dart|elixir)';
/** A question that opens with the language it wants the code in: code, whatever value or field it names. */
const LANGUAGE_FIRST = new RegExp(`^\\s*${LANGUAGES}\\b(?:\\s*[:,–—-]|\\s+(?:to|code|example|snippet)\\b)`, 'i');
/** A question asking for a block of a file it names ("helix.toml block for…", "autumn.config.ts item that…"). */
const CONFIG_BLOCK =
  /\b[\w-]+(?:\.[\w-]+)*\.(?:toml|ya?ml|json|jsonc|ts|js|mjs|ini|conf|cfg)\s+(?:block|item|entry|snippet|example|section|stanza)\b/i;
/** "How do I…" questions: the lists their answers quote are steps, numbered. */
const HOW_TO = /^\s*how (?:do|can|should|would) (?:i|we|you)\b|^\s*how to\b/i;
/** The same after a clause that sets the scene ("my task needs a key file, how do I pass it to a deployed task"). */
const HOW_TO_AFTER_CLAUSE = /^[^,?.]{2,80},\s*how (?:do|can|should) (?:i|we)\b/i;
/** A question for a fact the other forms do not name ("which regions can I deploy agents to", "when are invoices finalized"). */
const FACT = /^\s*(?:what|which|when|who|whose)\b/i;
const EXPLAIN =
  /^\s*(?:what(?:['’]s| is| are| does| happens| if)|how (?:does|is|are)|why|explain|describe|tell me about)\b/i;

/**
 * What a question asks for, read from its wording: yes or no ("Can I…"), a comparison, where something is, steps,
 * a command asked for by name ("what do I run…"), code asked for in a language it opens with ("typescript: …") or as
 * a block of a file it names ("helix.toml block for…"), a value or limit, a flag or setting, a command, code, an
 * explanation ("What is…", "Why…"), another fact ("which regions…", "when…"), else steps: a task to do ("connect my
 * stripe account", "move my links over from bitly") is answered with the procedure that does it, as "how do I…" is.
 * The first that matches wins, in that order.
 */
export function questionIntent(question: string): QuestionIntent {
  if (YES_NO.test(question) || YES_NO_AFTER_CLAUSE.test(question)) return 'yesno';
  if (COMPARISON.test(question) || (ALTERNATIVE.test(question) && INTERROGATIVE.test(question))) return 'comparison';
  if (WHERE.test(question)) return 'where';
  if (RUN_ASKED.test(question)) return 'command';
  if (LANGUAGE_FIRST.test(question)) return 'code';
  if (CONFIG_BLOCK.test(question)) return 'code';
  if (VALUE.test(question) && !/\b(?:how (?:do|can|to))\b/i.test(question) && !opensWithImperative(question))
    return 'value';
  if (FLAG.test(question)) return 'flag';
  if (COMMAND.test(question)) return 'command';
  if (CODE.test(question)) return 'code';
  if (STEPS.test(question)) return 'steps';
  if (EXPLAIN.test(question)) return 'explain';
  return FACT.test(question) ? 'fact' : 'steps';
}

/** "What is X?", "What does X mean?": a sentence defining X answers it best. */
export function isDefinitionQuestion(question: string): boolean {
  return /^\s*(?:what|who)(?:\s+|['’])(?:is|are|s|does\s+\S+\s+mean)\b/i.test(question);
}

/**
 * Whether a numbered walkthrough may answer the question: a steps question, or a task ("use a turso database from my
 * rails app", "how do I send a feedback score with the SDK") read as a command, code, flag or value question because
 * it names one: the procedure that does the task holds what it names.
 */
export function asksForProcedure(question: string, intent: QuestionIntent): boolean {
  if (intent === 'steps') return true;
  const task = asksHowTo(question) || opensWithImperative(question);
  return task && (intent === 'command' || intent === 'code' || intent === 'flag' || intent === 'value');
}

/** Whether a question asks how to do something ("how do I…", "how to…"): the lists its answer quotes are steps, numbered. */
export function asksHowTo(question: string): boolean {
  return HOW_TO.test(question) || HOW_TO_AFTER_CLAUSE.test(question);
}
