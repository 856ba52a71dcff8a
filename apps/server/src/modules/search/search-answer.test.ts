import type { MemberCard } from '@app/shared/profiles/member-profile';
import { type MemberSearchResponse, memberSearchResponseSchema } from '@app/shared/search/member-search';
import { describe, expect, it } from 'vitest';
import { serializeSearchAnswer } from './search-answer.ts';

const card = (id: number, overrides: Partial<MemberCard> = {}): MemberCard => ({
  id,
  name: `Naam "${id}" ü`,
  age: 30 + id,
  country: 'NL',
  region: id % 2 ? 'NL-NH' : null,
  city: id % 3 ? 'Haarlem' : null,
  fictional: id % 2 === 0,
  last_active_at: new Date(Date.UTC(2026, 10, id)).toISOString(),
  photo: id % 2 ? { match: `/cdn/${id}_match.jpg`, thumb: `/cdn/${id}_thumb.jpg` } : null,
  ...overrides,
});

const emptyAnswer: MemberSearchResponse = {
  results: [],
  numResults: 0,
  numResults_capped: false,
  next_cursor: null,
  similar_results: [],
  similar_numResults: 0,
};

const schemaText = (answer: MemberSearchResponse) => JSON.stringify(memberSearchResponseSchema.encode(answer));

describe('serializeSearchAnswer', () => {
  it('writes what the response schema writes, for every kind of answer', () => {
    const answers: MemberSearchResponse[] = [
      emptyAnswer,
      {
        results: [card(1), Object.freeze(card(2)), card(3)],
        numResults: 10_000,
        numResults_capped: true,
        next_cursor: '3',
        similar_results: [Object.freeze(card(4)), card(5)],
        similar_numResults: 7,
      },
    ];
    for (const answer of answers) {
      expect(serializeSearchAnswer(answer)).toBe(schemaText(answer));
      // A frozen card's text is kept: the second time it is the same.
      expect(serializeSearchAnswer(answer)).toBe(schemaText(answer));
    }
  });

  it('leaves out what a card has beyond its schema, as the schema does', () => {
    const leaky = { ...card(6), email: 'anna@example.com' } as MemberCard;
    const answer: MemberSearchResponse = {
      results: [leaky, Object.freeze({ ...leaky })],
      numResults: 2,
      numResults_capped: false,
      next_cursor: null,
      similar_results: [],
      similar_numResults: 0,
    };
    const text = serializeSearchAnswer(answer);
    expect(text).toBe(schemaText(answer));
    expect(text).not.toContain('anna@example.com');
  });

  it('refuses an answer the schema refuses', () => {
    const base = emptyAnswer;
    expect(() => serializeSearchAnswer({ ...base, numResults: 1.5 })).toThrow();
    expect(() => serializeSearchAnswer({ ...base, numResults_capped: 'no' as unknown as boolean })).toThrow();
    expect(() => serializeSearchAnswer({ ...base, next_cursor: 3 as unknown as string })).toThrow();
    expect(() => serializeSearchAnswer({ ...base, results: [card(1, { age: 'old' as unknown as number })] })).toThrow();
  });
});
