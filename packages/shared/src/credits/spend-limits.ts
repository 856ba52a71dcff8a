// No zod here: the settings page reads these in the browser, where zod loads only with a form's check.

/** The highest monthly limit a member or a site may set, in whole units of the currency. */
export const maximumMonthlyLimit = 100_000;

/** A raise or removal of the limit waits this long, so that a limit is not undone in a moment of weakness. */
export const limitRaiseDelayHours = 24;

/** The cool-offs a member may choose, in hours: no purchases at all until one ends. */
export const coolOffHours = { '24h': 24, '30d': 30 * 24, '6m': 180 * 24 } as const;
export type CoolOffPeriod = keyof typeof coolOffHours;
export const coolOffPeriods = Object.keys(coolOffHours) as [CoolOffPeriod, ...CoolOffPeriod[]];
