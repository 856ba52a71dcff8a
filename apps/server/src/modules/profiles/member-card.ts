import { ageOn } from '@app/shared/profiles/age';
import type { MemberCard } from '@app/shared/profiles/member-profile';
import { photoFileName } from './photo-processing.ts';

export interface MemberCardRow {
  id: number;
  name: string;
  birthDate: string;
  country: string;
  region: string | null;
  city: string | null;
  fictional: boolean;
  lastActiveAt?: Date;
  photoKey: string | null;
}

/** A main photo's card sizes under the CDN prefix; null without an approved main photo. */
export function toCardPhoto(photoKey: string | null, cdnPrefix: string) {
  if (!photoKey) return null;
  return { match: cdnPrefix + photoFileName(photoKey, 'match'), thumb: cdnPrefix + photoFileName(photoKey, 'thumb') };
}

/** A profile as a card: public fields, age, and the approved main photo's match and thumb under the CDN prefix. */
export function toMemberCard(row: MemberCardRow, cdnPrefix: string, now: Date): MemberCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate, now),
    country: row.country,
    region: row.region,
    city: row.city,
    fictional: row.fictional,
    last_active_at: (row.lastActiveAt ?? now).toISOString(),
    photo: toCardPhoto(row.photoKey, cdnPrefix),
  };
}
