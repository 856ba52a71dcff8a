import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './time-ago.ts';

const now = Date.parse('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatTimeAgo', () => {
  it('says how long ago in the page’s language, in the largest whole unit', () => {
    expect(formatTimeAgo(ago(20_000), now, 'nl')).toBe('nu');
    expect(formatTimeAgo(ago(5 * 60_000), now, 'nl')).toBe('5 minuten geleden');
    expect(formatTimeAgo(ago(3 * 3_600_000), now, 'nl')).toBe('3 uur geleden');
    expect(formatTimeAgo(ago(26 * 3_600_000), now, 'nl')).toBe('gisteren');
    expect(formatTimeAgo(ago(26 * 3_600_000), now, 'en')).toBe('yesterday');
    expect(formatTimeAgo(ago(400 * 86_400_000), now, 'de')).toBe('letztes Jahr');
  });
});
