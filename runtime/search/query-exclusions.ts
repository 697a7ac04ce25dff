/**
 * Words that exclude what follows them: "pop the lowest items *without* blocking", "*instead of* API keys", "*not the*
 * React hook", "*rather than* polling", "*other than* email", "*except* admins", "*excluding* archived ones".
 * `not` excludes only before an article or a means ("not the", "not via"): elsewhere it describes a problem
 * ("logs not showing up"), whose words are the topic.
 */
const EXCLUSION_CUE =
  /\b(?:without|instead\s+of|rather\s+than|other\s+than|except(?:\s+for)?|excluding|apart\s+from|not(?=\s+(?:the|a|an|via|through|using|with)\b))\s+/giu;
/** Words that end an excluded phrase: punctuation, conjunctions and clause words, or another cue. */
const PHRASE_END =
  /[,.;:!?()"]|\b(?:the|a|an|and|or|but|so|then|while|because|when|if|that|which|who|where|to|for|in|on|at|from|by|with|of|as|i|we|you|my|our)\b/iu;
/** Leading words of an excluded phrase that are not what it excludes. */
const PHRASE_START =
  /^(?:(?:the|a|an|any|my|our|your|its|their|own|having|to|be|being|via|through|using|with|for)\s+)+/iu;
/** An excluded phrase: a name or a short noun phrase ("React hook", "API keys"), three words at most. */
const EXCLUDED_PHRASE = /^\S+(?:\s+\S+){0,2}/u;

/** A question split into what it asks for and what it excludes (the words after "without", "instead of"…). */
export interface QueryExclusions {
  /** The question without its excluded phrases (the cues kept). */
  included: string;
  /** The excluded phrases, joined by newlines (empty when none). */
  excluded: string;
}

/**
 * Splits an English question into what it asks for and the phrases it excludes: "pop the lowest items without
 * blocking" asks for popping the lowest items and excludes "blocking"; "use the webhook, not the polling endpoint"
 * excludes "polling endpoint". An excluded phrase is the few words after a cue, up to punctuation, a conjunction or a
 * preposition. Questions in other languages come back whole (the cues are English).
 */
export function splitExclusions(question: string): QueryExclusions {
  const excluded: string[] = [];
  let included = '';
  let position = 0;
  for (const cue of question.matchAll(EXCLUSION_CUE)) {
    const start = cue.index;
    if (start < position) continue;
    const after = question.slice(start + cue[0].length);
    const lead = PHRASE_START.exec(after)?.[0] ?? '';
    const rest = after.slice(lead.length);
    const phrase = EXCLUDED_PHRASE.exec(rest.slice(0, PHRASE_END.exec(rest)?.index ?? rest.length))?.[0];
    if (phrase === undefined) continue;
    excluded.push(phrase);
    // The cue stays: pages about the other variant say it too ("runs without a GPU", "instead of polling").
    included += question.slice(position, start + cue[0].length + lead.length);
    position = start + cue[0].length + lead.length + phrase.length;
  }
  included += question.slice(position);
  return { included, excluded: excluded.join('\n') };
}
