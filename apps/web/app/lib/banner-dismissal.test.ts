import { describe, expect, it } from 'vitest';
import { isBannerDue } from './banner-dismissal.ts';

const day = 24 * 60 * 60_000;

describe('a closed banner', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it('shows until closed, and again once its pause is over', () => {
    expect(isBannerDue(null, 14 * day, now)).toBe(true);
    expect(isBannerDue(String(now - 60_000), 14 * day, now)).toBe(false);
    expect(isBannerDue(String(now - 14 * day + 1), 14 * day, now)).toBe(false);
    expect(isBannerDue(String(now - 14 * day), 14 * day, now)).toBe(true);
    expect(isBannerDue(String(now - 400 * day), Number.POSITIVE_INFINITY, now)).toBe(false);
  });

  it('shows when the stored moment is no time, or in the future (a clock set back)', () => {
    expect(isBannerDue('gisteren', 14 * day, now)).toBe(true);
    expect(isBannerDue('', 14 * day, now)).toBe(true);
    expect(isBannerDue(String(now + day), 14 * day, now)).toBe(true);
  });
});
