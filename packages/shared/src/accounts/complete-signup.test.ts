import { describe, expect, it } from 'vitest';
import { aboutStepSchema, leaveStepSchema, personalStepSchema, pushChoiceSchema } from './complete-signup.ts';

const personal = {
  gender: 'female',
  sexuality: 'hetero',
  date_of_birth: '1990-05-05',
  country: 'NL',
  region: 'NL-NH',
  city: ' Haarlem ',
};

/** The first issue's code of each field, as the forms show them. */
function firstCodes(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const codes: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) codes[String(issue.path[0])] ??= issue.message;
  return codes;
}

describe('the personal-info step', () => {
  it('takes gender, sexuality, date of birth and living area, with the city trimmed', () => {
    expect(personalStepSchema.parse(personal)).toEqual({ ...personal, city: 'Haarlem' });
    expect(personalStepSchema.parse({ ...personal, region: '' }).region).toBe('');
  });

  it('asks for every answer search starts from, by the texts the page shows', () => {
    const result = personalStepSchema.safeParse({ ...personal, gender: '', sexuality: 'x', city: '  ' });
    expect(firstCodes(result)).toEqual({
      gender: 'choice_required',
      sexuality: 'choice_required',
      city: 'city_required',
    });
    expect(firstCodes(personalStepSchema.safeParse({ ...personal, date_of_birth: '' }))).toEqual({
      date_of_birth: 'date_of_birth_required',
    });
    expect(firstCodes(personalStepSchema.safeParse({ ...personal, region: 'Noord-Holland' }))).toEqual({
      region: 'invalid_region',
    });
  });

  it('refuses fields it does not ask', () => {
    expect(personalStepSchema.safeParse({ ...personal, about_me: 'hoi' }).success).toBe(false);
  });
});

describe('the other step forms', () => {
  it('reads no ticked interest as none', () => {
    expect(aboutStepSchema.parse({ about_me: ' Hallo ' })).toEqual({ about_me: 'Hallo', interests: [] });
  });

  it('leaves only a step that exists, and takes only the three push answers', () => {
    expect(leaveStepSchema.parse({ step: '4' })).toEqual({ step: 4 });
    expect(leaveStepSchema.safeParse({ step: '5' }).success).toBe(false);
    expect(pushChoiceSchema.safeParse({ push_choice: 'later' }).success).toBe(false);
  });
});
