import { ageOn } from '../profiles/age.ts';
import { findWantedGender } from '../profiles/looking-for.ts';
import { maximumMemberAge, minimumMemberAge } from '../profiles/profile-fields.ts';
import type { MemberSearchQuery } from './member-search.ts';

/** How far the first search reaches below and above the member's own age. */
export const searchStartAgeSpan = 10;

/** What a member's own answers say about whom they look for, as their profile holds them. */
export interface SearchStartProfile {
  gender: string | null;
  sexuality: string | null;
  birthDate: string;
  country: string;
  region: string | null;
}

/**
 * Where a logged-in member's search starts when the address names no filter: the gender they look for, their
 * own country and region, and ages around their own.
 */
export function findSearchStart(profile: SearchStartProfile, now: Date): MemberSearchQuery {
  const age = ageOn(profile.birthDate, now);
  const gender = findWantedGender(profile.gender, profile.sexuality);
  return {
    ...(gender ? { gender } : {}),
    country: profile.country,
    ...(profile.region ? { region: profile.region } : {}),
    min_age: Math.max(minimumMemberAge, age - searchStartAgeSpan),
    max_age: Math.min(maximumMemberAge, Math.max(minimumMemberAge, age + searchStartAgeSpan)),
  };
}
