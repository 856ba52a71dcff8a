import { describe, expect, it } from 'vitest';
import { isMembersAreaRoute, shouldOpenTimeBonusModal, showsCreditAlert } from './credit-rules.ts';

describe('the members area', () => {
  it("is the spec's six routes", () => {
    for (const id of ['members', 'members-id', 'chats', 'likes', 'likes-m-id', 'premium']) {
      expect(isMembersAreaRoute(id)).toBe(true);
    }
    for (const id of ['index', 'profile', 'settings', 'complete-signup', 'credits', 'likes-type', undefined]) {
      expect(isMembersAreaRoute(id)).toBe(false);
    }
  });
});

describe('the time-bonus modal', () => {
  const open = { loggedIn: true, credits: 0, dismissedAt: null, secondsLeft: 600 };

  it('opens for a logged-in member without credits who never closed it while the bonus runs', () => {
    expect(shouldOpenTimeBonusModal(open)).toBe(true);
  });

  it('stays closed when any condition fails', () => {
    expect(shouldOpenTimeBonusModal({ ...open, loggedIn: false })).toBe(false);
    expect(shouldOpenTimeBonusModal({ ...open, credits: 15 })).toBe(false);
    expect(shouldOpenTimeBonusModal({ ...open, dismissedAt: '1767225600000' })).toBe(false);
    expect(shouldOpenTimeBonusModal({ ...open, secondsLeft: 0 })).toBe(false);
  });
});

describe('the credit alert', () => {
  const paidEmpty = { paid_user: true, credits: 0 };

  it('shows to a paying member whose balance ran out', () => {
    expect(showsCreditAlert(paidEmpty, '/members')).toBe(true);
    expect(showsCreditAlert(paidEmpty, '/members/12')).toBe(true);
    expect(showsCreditAlert(paidEmpty, '/premium-stories')).toBe(true);
  });

  it('not while credits are left, not to free members or visitors', () => {
    expect(showsCreditAlert({ paid_user: true, credits: 1 }, '/members')).toBe(false);
    expect(showsCreditAlert({ paid_user: false, credits: 0 }, '/members')).toBe(false);
    expect(showsCreditAlert(null, '/members')).toBe(false);
  });

  it('not on the pages that sell or account for credits', () => {
    for (const path of ['/credits', '/credits/12/ideal', '/credits/repeat-order', '/premium', '/pricing']) {
      expect(showsCreditAlert(paidEmpty, path)).toBe(false);
    }
    expect(showsCreditAlert(paidEmpty, '/transactions/4')).toBe(false);
    expect(showsCreditAlert(paidEmpty, '/directdebit')).toBe(false);
  });
});
