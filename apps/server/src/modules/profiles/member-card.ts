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

const dayMs = 86_400_000;
const sharedCards = new WeakMap<MemberCardRow, { day: number; cdnPrefix: string; card: Readonly<MemberCard> }>();

/**
 * `toMemberCard` for a row that many answers share (a cached search page): made once per row and calendar day, as
 * the age changes only then, and frozen, since every answer that shows the row hands out the same card.
 */
export function toSharedMemberCard(row: MemberCardRow, cdnPrefix: string, now: Date): Readonly<MemberCard> {
  // Without a last-active time the card shows `now`: not shareable.
  if (!row.lastActiveAt) return toMemberCard(row, cdnPrefix, now);
  const day = Math.floor(now.getTime() / dayMs);
  const made = sharedCards.get(row);
  if (made && made.day === day && made.cdnPrefix === cdnPrefix) return made.card;
  const card = Object.freeze(toMemberCard(row, cdnPrefix, now));
  sharedCards.set(row, { day, cdnPrefix, card });
  return card;
}
