import { describe, expect, it } from 'vitest';
import { findSearchStart } from './search-start.ts';

const now = new Date('2026-11-24T12:00:00Z');
const base = { birthDate: '1990-06-01', country: 'NL', region: 'NL-NH' };

describe('findSearchStart', () => {
  it('looks for the other gender for a straight member, in their own region, ten years either side', () => {
    expect(findSearchStart({ ...base, gender: 'male', sexuality: 'hetero' }, now)).toEqual({
      gender: 'female',
      country: 'NL',
      region: 'NL-NH',
      min_age: 26,
      max_age: 46,
    });
    expect(findSearchStart({ ...base, gender: 'female', sexuality: 'hetero' }, now).gender).toBe('male');
  });

  it('looks for the same gender for gay and lesbian members, and everyone for bi members', () => {
    expect(findSearchStart({ ...base, gender: 'male', sexuality: 'gay' }, now).gender).toBe('male');
    expect(findSearchStart({ ...base, gender: 'female', sexuality: 'lesbian' }, now).gender).toBe('female');
    expect(findSearchStart({ ...base, gender: 'female', sexuality: 'bi' }, now)).not.toHaveProperty('gender');
  });

  it('leaves gender and region out while the member has not given them', () => {
    const start = findSearchStart({ ...base, region: null, gender: null, sexuality: null }, now);
    expect(start).toEqual({ country: 'NL', min_age: 26, max_age: 46 });
  });

  it('keeps the ages within what members may be', () => {
    expect(findSearchStart({ ...base, gender: null, sexuality: null, birthDate: '2007-01-01' }, now)).toMatchObject({
      min_age: 18,
      max_age: 29,
    });
    expect(findSearchStart({ ...base, gender: null, sexuality: null, birthDate: '1930-01-01' }, now)).toMatchObject({
      min_age: 86,
      max_age: 99,
    });
  });
});
