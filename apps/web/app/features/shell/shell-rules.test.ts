import { describe, expect, it } from 'vitest';
import {
  countBadgeText,
  creditsBadge,
  type EntryWarningInput,
  isChunkLoadError,
  refreshSchedule,
  shouldReloadAfterChunkError,
  shouldShowEntryWarning,
  showBackButton,
  titleWithCount,
} from './shell-rules.ts';

describe('badges', () => {
  it('shows the credit balance at 10 or less: amber above 0, red at 0', () => {
    expect(creditsBadge(11)).toBeNull();
    expect(creditsBadge(250)).toBeNull();
    expect(creditsBadge(10)).toEqual({ text: '10', tone: 'warning' });
    expect(creditsBadge(1)).toEqual({ text: '1', tone: 'warning' });
    expect(creditsBadge(0)).toEqual({ text: '0', tone: 'danger' });
  });
});

describe('count badges and the title prefix', () => {
  it('shows counts up to 99, then 99+, and nothing at 0', () => {
    expect(countBadgeText(0)).toBeNull();
    expect(countBadgeText(-1)).toBeNull();
    expect(countBadgeText(Number.NaN)).toBeNull();
    expect(countBadgeText(1)).toBe('1');
    expect(countBadgeText(99)).toBe('99');
    expect(countBadgeText(100)).toBe('99+');
    expect(countBadgeText(1000)).toBe('99+');
  });

  it('puts the count in front of the title, replacing an earlier one, capped like the badges', () => {
    expect(titleWithCount('Leden zoeken · Hartklop', 2)).toBe('(2) Leden zoeken · Hartklop');
    expect(titleWithCount('(2) Leden zoeken · Hartklop', 3)).toBe('(3) Leden zoeken · Hartklop');
    expect(titleWithCount('(99+) Leden', 120)).toBe('(99+) Leden');
    expect(titleWithCount('(5) Leden', 0)).toBe('Leden');
    expect(titleWithCount('Leden', 0)).toBe('Leden');
    // A title that itself starts with a number in brackets without the space is the page's own.
    expect(titleWithCount('(2)Leden', 1)).toBe('(1) (2)Leden');
  });
});

describe('periodic refresh', () => {
  it('starts 5 s after load, then every 60 s, or every 300 s with push', () => {
    expect(refreshSchedule(false)).toEqual({ firstMs: 5_000, intervalMs: 60_000 });
    expect(refreshSchedule(true)).toEqual({ firstMs: 5_000, intervalMs: 300_000 });
  });
});

describe('back button in the installed app', () => {
  it('shows on the listed routes only, with history, in installed mode', () => {
    expect(showBackButton('members-id', true, 2)).toBe(true);
    expect(showBackButton('members-id', true, 5)).toBe(true);
    expect(showBackButton('members-id', true, 1)).toBe(false);
    expect(showBackButton('members-id', false, 3)).toBe(false);
    expect(showBackButton('chats', true, 3)).toBe(false);
    expect(showBackButton('likes-type', true, 2)).toBe(true);
    expect(showBackButton('likes-m-id', true, 2)).toBe(true);
    expect(showBackButton('likes-m-id', true, 1)).toBe(false);
    // The likes overview is a page of the top navigation, not one reached from another.
    expect(showBackButton('likes', true, 3)).toBe(false);
  });
});

describe('entry warning', () => {
  const base: EntryWarningInput = {
    setting: 'yes',
    dismissed: false,
    loggedIn: false,
    installedApp: false,
    routeName: 'index',
    layout: 'default',
    visitorCountry: 'NL',
    selectedCountries: [],
  };
  it('shows on a first visit', () => {
    expect(shouldShowEntryWarning(base)).toBe(true);
  });
  it('does not show when switched off, dismissed, logged in or in the installed app', () => {
    expect(shouldShowEntryWarning({ ...base, setting: 'no' })).toBe(false);
    expect(shouldShowEntryWarning({ ...base, dismissed: true })).toBe(false);
    expect(shouldShowEntryWarning({ ...base, loggedIn: true })).toBe(false);
    expect(shouldShowEntryWarning({ ...base, installedApp: true })).toBe(false);
  });
  it('does not show on complete-signup and reset-password', () => {
    expect(shouldShowEntryWarning({ ...base, routeName: 'complete-signup' })).toBe(false);
    expect(shouldShowEntryWarning({ ...base, routeName: 'reset-password' })).toBe(false);
  });
  it('is limited to the selected countries when set', () => {
    expect(shouldShowEntryWarning({ ...base, selectedCountries: ['BE'], visitorCountry: 'NL' })).toBe(false);
    expect(shouldShowEntryWarning({ ...base, selectedCountries: ['BE'], visitorCountry: 'BE' })).toBe(true);
  });
  it('shows in the other layouts only for NL and DE', () => {
    for (const layout of ['lander', 'empty'] as const) {
      expect(shouldShowEntryWarning({ ...base, layout, visitorCountry: 'NL' })).toBe(true);
      expect(shouldShowEntryWarning({ ...base, layout, visitorCountry: 'DE' })).toBe(true);
      expect(shouldShowEntryWarning({ ...base, layout, visitorCountry: 'BE' })).toBe(false);
    }
    expect(shouldShowEntryWarning({ ...base, layout: 'default', visitorCountry: 'BE' })).toBe(true);
  });
});

describe('chunk reload', () => {
  it('reloads at most once per 60 seconds', () => {
    expect(shouldReloadAfterChunkError(null, 1_000_000)).toBe(true);
    expect(shouldReloadAfterChunkError(1_000_000, 1_030_000)).toBe(false);
    expect(shouldReloadAfterChunkError(1_000_000, 1_060_000)).toBe(true);
  });
  it('recognises failed chunk loads', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
