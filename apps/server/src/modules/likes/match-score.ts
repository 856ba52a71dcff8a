/**
 * How well a member fits the match finder's answers. Shared interests weigh most: one more shared interest always
 * outranks being nearer and more recently active (those two together reach 5 points, one interest 6).
 */
const interestPoints = 6;
const nearnessPoints = 3;
const activityPoints = 2;
/** Nearness fades to nothing at this distance. */
const nearnessReachKm = 200;
/** Activity fades to nothing after this many days away. */
const activityReachDays = 30;
/** Same region, but no known distance: counted as about this near. */
const sameRegionNearness = 0.5;

export interface MatchScoreInput {
  sharedInterests: number;
  /** Between both towns; null when either is unknown. */
  distanceKm: number | null;
  sameRegion: boolean;
  /** Days since the member was last active (0 for now). */
  inactiveDays: number;
}

export function scoreMatch(input: MatchScoreInput): number {
  const nearness =
    input.distanceKm !== null
      ? Math.max(0, 1 - input.distanceKm / nearnessReachKm)
      : input.sameRegion
        ? sameRegionNearness
        : 0;
  const activity = Math.max(0, 1 - Math.max(0, input.inactiveDays) / activityReachDays);
  return input.sharedInterests * interestPoints + nearness * nearnessPoints + activity * activityPoints;
}
