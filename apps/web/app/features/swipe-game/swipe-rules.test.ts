import { describe, expect, it } from 'vitest';
import { decideSwipe, describeLikesReset, dragTransform, flyOutTransform, stampStrength } from './swipe-rules.ts';

describe('decideSwipe', () => {
  it('answers Ja to the right and Nee to the left past 30% of the width', () => {
    expect(decideSwipe(120, 400, 0)).toBe('yes');
    expect(decideSwipe(-120, 400, 0)).toBe('no');
  });

  it('springs back from a short slow drag', () => {
    expect(decideSwipe(100, 400, 0)).toBeNull();
    expect(decideSwipe(-100, 400, 0.1)).toBeNull();
    expect(decideSwipe(0, 400, 2)).toBeNull();
  });

  it('answers a quick flick from a shorter drag, in the direction of the drag only', () => {
    expect(decideSwipe(50, 400, 0.8)).toBe('yes');
    expect(decideSwipe(-50, 400, -0.8)).toBe('no');
    // Flung back the other way: the card returns.
    expect(decideSwipe(50, 400, -0.8)).toBeNull();
    // Too short to count, however fast.
    expect(decideSwipe(20, 400, 3)).toBeNull();
  });

  it('answers nothing for a card without a width', () => {
    expect(decideSwipe(120, 0, 0)).toBeNull();
  });
});

describe('card transforms', () => {
  it('moves and turns with the drag, at most 12 degrees', () => {
    expect(dragTransform(0, 400)).toBe('translate3d(0px, 0, 0) rotate(0.00deg)');
    expect(dragTransform(200, 400)).toBe('translate3d(200px, 0, 0) rotate(6.00deg)');
    expect(dragTransform(-900, 400)).toBe('translate3d(-900px, 0, 0) rotate(-12.00deg)');
  });

  it('shows the stamp fully from the threshold on', () => {
    expect(stampStrength(0, 400)).toBe(0);
    expect(stampStrength(60, 400)).toBe(0.5);
    expect(stampStrength(-600, 400)).toBe(1);
  });

  it('flies a card out to its side', () => {
    expect(flyOutTransform('yes', 700)).toBe('translate3d(700px, 0, 0) rotate(24deg)');
    expect(flyOutTransform('no', 700)).toBe('translate3d(-700px, 0, 0) rotate(-24deg)');
  });
});

describe('describeLikesReset', () => {
  // Midnight in Amsterdam at the start of 15 March 2026 (UTC+1).
  const resetAt = new Date('2026-03-14T23:00:00Z');

  it('says tomorrow at midnight in the site time zone', () => {
    const text = describeLikesReset(resetAt, new Date('2026-03-14T15:00:00Z'), 'nl', 'Europe/Amsterdam');
    expect(text).toMatchObject({ when: 'tomorrow', time: '00:00' });
  });

  it('shows the time on the visitor’s clock and in their language', () => {
    const london = describeLikesReset(resetAt, new Date('2026-03-14T15:00:00Z'), 'en', 'Europe/London');
    expect(london.when).toBe('today');
    expect(london.time).toMatch(/^11:00\sPM$/);
    const newYork = describeLikesReset(resetAt, new Date('2026-03-14T15:00:00Z'), 'nl', 'America/New_York');
    expect(newYork).toMatchObject({ when: 'today', time: '19:00' });
  });

  it('says today for a visitor ahead of the site, and names the date when it is further off', () => {
    // In Tokyo it is already 00:30 on the 15th; Amsterdam's midnight comes at 08:00 that same day.
    const tokyo = describeLikesReset(resetAt, new Date('2026-03-14T15:30:00Z'), 'nl', 'Asia/Tokyo');
    expect(tokyo).toMatchObject({ when: 'today', time: '08:00' });
    const later = describeLikesReset(new Date('2026-03-17T23:00:00Z'), resetAt, 'nl', 'Europe/Amsterdam');
    expect(later.when).toBe('later');
    expect(later.date).toBe('woensdag 18 maart');
  });
});
