import { describe, expect, it } from 'vitest';
import {
  creditsBadge,
  type EntryWarningInput,
  isChunkLoadError,
  shouldReloadAfterChunkError,
  shouldShowEntryWarning,
  showBackButton,
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

describe('back button in the installed app', () => {
  it('shows on the listed routes only, with history, in installed mode', () => {
    expect(showBackButton('members-id', true, 2)).toBe(true);
    expect(showBackButton('members-id', true, 5)).toBe(true);
    expect(showBackButton('members-id', true, 1)).toBe(false);
    expect(showBackButton('members-id', false, 3)).toBe(false);
    expect(showBackButton('chats', true, 3)).toBe(false);
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
