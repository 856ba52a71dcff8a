import { describe, expect, it } from 'vitest';
import { type MemberCardRow, toMemberCard, toSharedMemberCard } from './member-card.ts';

const row: MemberCardRow = {
  id: 7,
  name: 'Anna',
  birthDate: '1990-11-26',
  country: 'NL',
  region: 'NL-NH',
  city: 'Haarlem',
  fictional: false,
  lastActiveAt: new Date('2026-11-20T10:00:00Z'),
  photoKey: null,
};

describe('toSharedMemberCard', () => {
  it('is the card toMemberCard makes, made once per row and day, and frozen', () => {
    const now = new Date('2026-11-25T08:00:00Z');
    const card = toSharedMemberCard(row, '/cdn', now);
    expect(card).toEqual(toMemberCard(row, '/cdn', now));
    expect(toSharedMemberCard(row, '/cdn', new Date('2026-11-25T23:59:59Z'))).toBe(card);
    expect(Object.isFrozen(card)).toBe(true);
  });

  it('is made again on the next day (the birthday counts) and for another CDN prefix', () => {
    const today = toSharedMemberCard(row, '/cdn', new Date('2026-11-25T12:00:00Z'));
    const birthday = toSharedMemberCard(row, '/cdn', new Date('2026-11-26T00:00:00Z'));
    expect([today.age, birthday.age]).toEqual([35, 36]);
    expect(toSharedMemberCard(row, 'https://cdn.example', new Date('2026-11-26T01:00:00Z'))).not.toBe(birthday);
  });

  it('is not shared without a last-active time, which then shows now', () => {
    const { lastActiveAt: _, ...withoutActivity } = row;
    const now = new Date('2026-11-25T08:00:00Z');
    const card = toSharedMemberCard(withoutActivity, '/cdn', now);
    expect(card.last_active_at).toBe(now.toISOString());
    expect(toSharedMemberCard(withoutActivity, '/cdn', now)).not.toBe(card);
  });
});
