import type { Gender } from './profile-fields.ts';

/**
 * The gender a member looks for, from their own gender and sexuality: search, the signup's first matches and the
 * coming swipe game start from it. Undefined (everyone) for bi members and while either answer is missing.
 */
export function findWantedGender(gender: string | null, sexuality: string | null): Gender | undefined {
  if ((gender !== 'male' && gender !== 'female') || !sexuality || sexuality === 'bi') return undefined;
  if (sexuality === 'hetero') return gender === 'male' ? 'female' : 'male';
  return gender;
}
