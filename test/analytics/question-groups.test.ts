import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closestGroup,
  GROUP_SIMILARITY,
  groupIdOf,
  lookupTerms,
  termSimilarity,
} from '../../runtime/analytics/question-groups.ts';

const terms = (...entries: [string, number][]) => ({
  terms: entries.map(([term]) => term),
  weights: entries.map(([, weight]) => weight),
});

describe('question groups', () => {
  it('names a group by its terms in any order', () => {
    expect(groupIdOf(['instal', 'cli'])).toBe(groupIdOf(['cli', 'instal']));
    expect(groupIdOf(['instal', 'cli'])).not.toBe(groupIdOf(['instal', 'cli', 'window']));
    expect(groupIdOf(['instal', 'cli'])).toMatch(/^[0-9a-f]{12}$/);
  });

  it('measures weighted Jaccard similarity: a shared rare term counts more than a shared common one', () => {
    const saml = terms(['saml', 6], ['sso', 5], ['support', 1]);
    expect(termSimilarity(terms(['saml', 6], ['support', 1]), saml)).toBeCloseTo(7 / 12);
    expect(termSimilarity(terms(['support', 1], ['billing', 4]), saml)).toBeCloseTo(1 / 16);
    expect(termSimilarity(terms(), terms())).toBe(1);
  });

  it('joins the most similar group at the threshold or above, ties to the smaller id, and none below it', () => {
    const question = terms(['instal', 2], ['cli', 1.5], ['window', 3]);
    const candidates = [
      { id: 'b', ...terms(['instal', 2], ['cli', 1.5]) },
      { id: 'a', ...terms(['instal', 2], ['cli', 1.5]) },
      { id: 'c', ...terms(['window', 3], ['firewal', 5]) },
    ];
    expect(closestGroup(question, candidates)?.id).toBe('a');
    expect(closestGroup(terms(['window', 3], ['proxi', 4]), candidates)).toBeUndefined();
  });

  it('looks up candidates by terms that every group similar enough shares at least one of (prefix filtering)', () => {
    const termSet = fc.uniqueArray(
      fc.record({
        term: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'),
        weight: fc.double({ min: 0.1, max: 10, noNaN: true }),
      }),
      { selector: (entry) => entry.term, minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(termSet, termSet, (question, group) => {
        const asked = { terms: question.map((entry) => entry.term), weights: question.map((entry) => entry.weight) };
        const stored = { terms: group.map((entry): string => entry.term), weights: group.map((entry) => entry.weight) };
        if (termSimilarity(asked, stored) < GROUP_SIMILARITY) return;
        expect(lookupTerms(asked).some((term) => stored.terms.includes(term))).toBe(true);
      }),
    );
    expect(lookupTerms(terms(['support', 1], ['saml', 7], ['sso', 4]))).toEqual(['saml']);
    expect(lookupTerms(terms(['support', 1], ['saml', 6], ['sso', 5]))).toEqual(['saml', 'sso']);
  });
});
