import { describe, expect, it } from 'vitest';
import { mergeGapTopics } from '../../runtime/analytics/merge-gap-topics.ts';
import type { GroupInsights } from '../../runtime/analytics/store-insights.ts';

function gap(
  id: string,
  representative: string,
  terms: string[],
  gaps: number,
  pages: { path: string; citations: number }[] = [],
): GroupInsights {
  return {
    id,
    representative,
    terms,
    questions: gaps + 1,
    outcomes: { answered: 1, notFound: gaps, failed: 0, aborted: 0 },
    weak: 0,
    up: 0,
    down: 1,
    gaps,
    pages,
  };
}

describe('mergeGapTopics', () => {
  const missing = new Set(['saml', 'sso', 'okta', 'team', 'terraform', 'kafka', 'singl']);
  const lacks = (term: string) => missing.has(term);

  it('merges the groups that ask about the same term the site lacks, named by the group the docs failed most', () => {
    const topics = mergeGapTopics(
      [
        gap('a1', 'saml sso with okta', ['saml', 'sso', 'okta'], 11, [{ path: 'operate/security', citations: 2 }]),
        gap('b2', 'is sso with saml available for my team', ['sso', 'saml', 'avail', 'team'], 10, [
          { path: 'operate/security', citations: 1 },
          { path: 'help/faq', citations: 4 },
        ]),
        gap('c3', 'do you support saml single sign-on', ['support', 'saml', 'singl', 'sign'], 9),
        gap('d4', 'is there a terraform provider', ['terraform', 'provid'], 17),
        gap('e5', 'retry schedule for deliveries', ['retri', 'schedul', 'deliveri'], 2),
      ],
      lacks,
    );
    expect(topics.map((topic) => [topic.representative, topic.gaps, topic.alsoAsked])).toEqual([
      ['saml sso with okta', 30, ['is sso with saml available for my team', 'do you support saml single sign-on']],
      ['is there a terraform provider', 17, []],
      ['retry schedule for deliveries', 2, []],
    ]);
    expect(topics[0]).toMatchObject({
      id: 'a1',
      questions: 33,
      down: 3,
      outcomes: { answered: 3, notFound: 30 },
      pages: [
        { path: 'help/faq', citations: 4 },
        { path: 'operate/security', citations: 3 },
      ],
    });
  });

  it('keeps apart groups sharing a lacking word that is less than half of what each lacks', () => {
    const topics = mergeGapTopics(
      [
        gap('a', 'invite my team to saml okta', ['invit', 'team', 'saml', 'okta'], 3),
        gap('b', 'team kafka terraform', ['team', 'kafka', 'terraform'], 2),
      ],
      lacks,
    );
    expect(topics.map((topic) => topic.alsoAsked)).toEqual([[], []]);
  });
});
