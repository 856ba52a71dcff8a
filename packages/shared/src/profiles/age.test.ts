import { describe, expect, it } from 'vitest';
import { ageOn } from './age.ts';

describe('ageOn', () => {
  it('counts a birthday on the day itself', () => {
    expect(ageOn('2000-11-22', new Date('2026-11-22T00:00:00Z'))).toBe(26);
  });
  it('does not count a birthday still to come', () => {
    expect(ageOn('2000-11-23', new Date('2026-11-22T23:59:59Z'))).toBe(25);
  });
  it('handles 29 February in a common year', () => {
    expect(ageOn('2004-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(21);
    expect(ageOn('2004-02-29', new Date('2026-03-01T12:00:00Z'))).toBe(22);
  });
});
