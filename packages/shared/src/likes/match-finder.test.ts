import { describe, expect, it } from 'vitest';
import { matchFinderAnswersSchema } from './match-finder.ts';

describe('matchFinderAnswersSchema', () => {
  it('reads a posted form: ages as text, no ticked interest as none', () => {
    expect(matchFinderAnswersSchema.parse({ gender: 'any', min_age: '25', max_age: '40', place: '25' })).toEqual({
      gender: 'any',
      min_age: 25,
      max_age: 40,
      place: '25',
      interests: [],
    });
  });

  it('answers the codes the page shows, by field', () => {
    const issues = (values: object) =>
      matchFinderAnswersSchema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ min_age: '', max_age: 'x', interests: ['travel', 'a'] })).toEqual([
      ['gender', 'choice_required'],
      ['min_age', 'validation_failed'],
      ['max_age', 'validation_failed'],
      ['place', 'choice_required'],
      ['interests.1', 'validation_failed'],
    ]);
    expect(issues({ gender: 'male', min_age: 40, max_age: 30, place: 'region' })).toEqual([
      ['max_age', 'validation_failed'],
    ]);
    expect(
      issues({
        gender: 'male',
        min_age: 30,
        max_age: 40,
        place: 'any',
        interests: ['travel', 'wine', 'art', 'yoga', 'beach', 'diy'],
      }),
    ).toEqual([['interests', 'validation_failed']]);
  });
});
