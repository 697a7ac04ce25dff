/** Verbs a step of a procedure opens with, in the imperative ("Click Save", "Sign in with Bitly", "Run the installer"). */
const IMPERATIVE =
  /^(?:open|go|click|tap|select|choose|pick|create|add|remove|delete|run|install|enter|type|press|sign|log|navigate|copy|paste|set|configure|enable|disable|download|upload|update|upgrade|connect|save|deploy|import|export|generate|verify|check|start|restart|stop|edit|fill|follow|make|use|wait|visit|find|head|clone|build|push|pull|login|register|invite|confirm|review|authorize|grant|define|provide|specify|replace|rename|move|drag|scroll|expand|toggle|switch|apply|submit|publish|test|write|call|send|get|fetch|point|attach|link|map|name|return|access|launch|close|accept|allow|complete|finish|wire|mount|initialize|init|setup|declare|keep|note)\b/i;

/** Whether a list reads as steps to take: at least half its items open with an imperative verb (a list of attributes, "Destination URL", "Link tags", does not). */
export function readsAsSteps(items: readonly string[]): boolean {
  const imperative = items.filter(opensWithImperative).length;
  return items.length > 0 && imperative * 2 >= items.length;
}

/** Whether a line opens with an imperative verb, as a step or a task does ("Run the installer", "set up a default environment"). */
export function opensWithImperative(line: string): boolean {
  return IMPERATIVE.test(line.trim().replace(/^[*_`"“]+/, ''));
}
