import { PAGES_PER_GROUP, type GroupInsights } from './store-insights.ts';

/** A content gap: one group, or several asking about the same missing topic. */
export interface GapTopic extends GroupInsights {
  /** The representatives of the other groups merged into this one, most failed first. */
  alsoAsked: string[];
}

/** Shortest stem matched as the start of another ("australia" of "australian"). */
const MIN_SHARED_START = 5;

/** Whether two terms are one word: equal, or one the start of the other (stems the stemmer left apart). */
function sameWord(left: string, right: string): boolean {
  const [shorter, longer] = left.length <= right.length ? [left, right] : [right, left];
  return shorter === longer || (shorter.length >= MIN_SHARED_START && longer.startsWith(shorter));
}

/**
 * Merges gap groups that ask about the same thing the site lacks: two groups join when the terms they share that the
 * site lacks (`lacks`: holds nowhere, or almost) are at least half of the lacking terms of one of them ("saml sso with
 * okta" and "do you support saml single sign-on" share "saml", the one term the second asks that the site lacks). Near-duplicate grouping keeps
 * phrasings apart when their other words differ; for a writer they are one gap. Counts and pages are summed, the group
 * the docs failed most names the topic, and the topics are ranked by failed questions again (ties: the larger id).
 */
export function mergeGapTopics(gaps: readonly GroupInsights[], lacks: (term: string) => boolean): GapTopic[] {
  const missing = gaps.map((gap) => new Set(gap.terms.filter(lacks)));
  const parent = gaps.map((_gap, index) => index);
  const root = (index: number): number =>
    parent[index] === index ? index : (parent[index] = root(parent[index] as number));
  for (let left = 0; left < gaps.length; left += 1) {
    for (let right = left + 1; right < gaps.length; right += 1) {
      const [leftTerms, rightTerms] = [missing[left] as Set<string>, missing[right] as Set<string>];
      if (leftTerms.size === 0 || rightTerms.size === 0) continue;
      const shared = [...leftTerms].filter((term) => [...rightTerms].some((other) => sameWord(term, other))).length;
      if (shared > 0 && shared * 2 >= Math.min(leftTerms.size, rightTerms.size)) parent[root(right)] = root(left);
    }
  }
  const topics = new Map<number, GroupInsights[]>();
  gaps.forEach((gap, index) => topics.set(root(index), [...(topics.get(root(index)) ?? []), gap]));
  return [...topics.values()]
    .map(mergeTopic)
    .sort((left, right) => right.gaps - left.gaps || (left.id < right.id ? 1 : left.id > right.id ? -1 : 0));
}

function mergeTopic(members: GroupInsights[]): GapTopic {
  const [main, ...others] = [...members].sort(
    (left, right) => right.gaps - left.gaps || (left.id < right.id ? 1 : -1),
  ) as [GroupInsights, ...GroupInsights[]];
  const sum = (count: (group: GroupInsights) => number): number =>
    members.reduce((total, group) => total + count(group), 0);
  const pages = new Map<string, number>();
  for (const page of members.flatMap((group) => group.pages))
    pages.set(page.path, (pages.get(page.path) ?? 0) + page.citations);
  return {
    ...main,
    questions: sum((group) => group.questions),
    outcomes: {
      answered: sum((group) => group.outcomes.answered),
      notFound: sum((group) => group.outcomes.notFound),
      failed: sum((group) => group.outcomes.failed),
      aborted: sum((group) => group.outcomes.aborted),
    },
    weak: sum((group) => group.weak),
    up: sum((group) => group.up),
    down: sum((group) => group.down),
    gaps: sum((group) => group.gaps),
    pages: [...pages]
      .sort(([leftPath, left], [rightPath, right]) => right - left || (leftPath < rightPath ? -1 : 1))
      .slice(0, PAGES_PER_GROUP)
      .map(([path, citations]) => ({ path, citations })),
    alsoAsked: others.map((group) => group.representative),
  };
}
