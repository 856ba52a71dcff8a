import { describe, expect, it } from 'vitest';
import { type MatchScoreInput, scoreMatch } from './match-score.ts';

const far: MatchScoreInput = { sharedInterests: 0, distanceKm: 500, sameRegion: false, inactiveDays: 60 };

describe('scoreMatch', () => {
  it('puts one more shared interest above any nearness and activity', () => {
    const nextDoorAndOnline = scoreMatch({ sharedInterests: 1, distanceKm: 0, sameRegion: true, inactiveDays: 0 });
    const oneMoreInterest = scoreMatch({ ...far, sharedInterests: 2 });
    expect(oneMoreInterest).toBeGreaterThan(nextDoorAndOnline);
    expect(scoreMatch({ ...far, sharedInterests: 1 })).toBeGreaterThan(
      scoreMatch({ sharedInterests: 0, distanceKm: 0, sameRegion: true, inactiveDays: 0 }),
    );
  });

  it('ranks nearer above further, fading to nothing at 200 km', () => {
    const at = (distanceKm: number) => scoreMatch({ ...far, distanceKm });
    expect(at(5)).toBeGreaterThan(at(30));
    expect(at(30)).toBeGreaterThan(at(150));
    expect(at(200)).toBe(at(500));
    expect(at(0) - at(200)).toBe(3);
  });

  it('counts the same region as about 100 km when a town is unknown, and nothing elsewhere', () => {
    const unknown = { ...far, distanceKm: null };
    expect(scoreMatch({ ...unknown, sameRegion: true })).toBe(scoreMatch({ ...far, distanceKm: 100 }));
    expect(scoreMatch({ ...unknown, sameRegion: false })).toBe(scoreMatch(far));
  });

  it('ranks the recently active above those away long, fading to nothing after 30 days', () => {
    const away = (inactiveDays: number) => scoreMatch({ ...far, inactiveDays });
    expect(away(0)).toBeGreaterThan(away(3));
    expect(away(3)).toBeGreaterThan(away(20));
    expect(away(30)).toBe(away(300));
    expect(away(-1)).toBe(away(0));
  });
});
