import { AppError } from '@app/shared/errors/app-error';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { profiles } from '../../db/schema/profiles.ts';
import { createLocalEventBus } from '../../events/event-bus.ts';
import { demoSiteSettings } from '../../seed/demo-site.ts';
import { createMemoryRateLimits } from '../../test/memory-rate-limits.ts';
import type { Site } from '../sites/sites.service.ts';
import type { AccountsRepository, UserRow } from './accounts.repository.ts';
import {
  createAccountsService,
  lockoutWindowMs,
  maxFailuresPerAccount,
  maxFailuresPerAccountAndAddress,
  maxFailuresPerAddress,
} from './accounts.service.ts';
import { hashPassword } from './passwords.ts';
import { createSessionCache } from './session-cache.ts';

const site: Site = { id: 1, companyId: 1, isDemo: false, settings: demoSiteSettings };
const password = 'zomer-aan-zee-42';
let passwordHash = '';

beforeAll(async () => {
  passwordHash = await hashPassword(password);
});

/** The accounts repository in memory: users, their sessions and the record of login attempts. */
function createMemoryAccounts() {
  const users: UserRow[] = [];
  const sessions: { tokenHash: string; userId: number; expiresAt: Date }[] = [];
  const attempts: { siteId: number; email: string; ip: string; success: boolean; createdAt: Date }[] = [];
  const notUsed = (name: string) => async (): Promise<never> => {
    throw new Error(`${name} is not part of logging in`);
  };
  const profileOf = (user: UserRow): typeof profiles.$inferSelect => ({
    id: user.profileId,
    siteId: user.siteId,
    name: `Lid ${user.id}`,
    fictional: false,
    status: 'active',
    birthDate: '1990-01-01',
    gender: null,
    sexuality: null,
    relationshipStatus: null,
    hairColour: null,
    eyeColour: null,
    bodyType: null,
    tattoos: null,
    reason: null,
    interests: [],
    country: 'NL',
    region: null,
    city: null,
    aboutMe: null,
    aboutMeLanguage: null,
    invisible: false,
    lastActiveAt: new Date(0),
    createdAt: new Date(0),
  });
  const repository: AccountsRepository = {
    findUserByEmail: async (siteId, email) => users.find((u) => u.siteId === siteId && u.email === email) ?? null,
    findUserById: async (id) => users.find((u) => u.id === id) ?? null,
    async findSessionUser(siteId, tokenHash, now) {
      const session = sessions.find((s) => s.tokenHash === tokenHash && s.expiresAt > now);
      const user = users.find((u) => u.id === session?.userId && u.siteId === siteId);
      if (!session || !user) return null;
      const profile = profileOf(user);
      return {
        expiresAt: session.expiresAt,
        user,
        profile: { id: profile.id, name: profile.name, country: profile.country, status: profile.status },
        mainPhoto: null,
      };
    },
    async insertSession(values) {
      sessions.push({ tokenHash: values.tokenHash, userId: values.userId, expiresAt: values.expiresAt });
    },
    async deleteSession(tokenHash) {
      sessions.splice(0, sessions.length, ...sessions.filter((s) => s.tokenHash !== tokenHash));
    },
    async insertLoginAttempt(values) {
      attempts.push({ ...values, createdAt: values.createdAt ?? new Date() });
    },
    hasLoggedInFrom: async (siteId, email, ip, since) =>
      attempts.some((a) => a.siteId === siteId && a.email === email && a.ip === ip && a.success && a.createdAt > since),
    updatePassword: notUsed('updatePassword'),
    deleteSessionsOfUser: notUsed('deleteSessionsOfUser'),
    updateSignupStep: notUsed('updateSignupStep'),
    updatePushChoice: notUsed('updatePushChoice'),
    updateUserLanguage: notUsed('updateUserLanguage'),
    findSignupTargetProfileId: notUsed('findSignupTargetProfileId'),
    findProfileName: notUsed('findProfileName'),
    activateUser: notUsed('activateUser'),
    reactivateUser: notUsed('reactivateUser'),
    findAccountSettings: notUsed('findAccountSettings'),
    updateNotificationSettings: notUsed('updateNotificationSettings'),
    updatePushPreviews: notUsed('updatePushPreviews'),
    updateEmail: notUsed('updateEmail'),
    deleteOtherSessions: notUsed('deleteOtherSessions'),
    markUserDeleted: notUsed('markUserDeleted'),
    findUsersToPurge: notUsed('findUsersToPurge'),
    eraseUser: notUsed('eraseUser'),
    insertUser: notUsed('insertUser'),
  };
  function addUser(email: string, status: UserRow['status'] = 'active') {
    const id = users.length + 1;
    users.push({
      id,
      siteId: site.id,
      profileId: 100 + id,
      email,
      passwordHash,
      status,
      language: 'nl',
      paidUser: false,
      credits: 0,
      notificationsDisabled: [],
      notificationsReadUpTo: 0,
      pushPreviews: false,
      tracking: {},
      signupIp: null,
      signupDate: new Date(0),
      notificationSettings: { email: {}, push: {} } as UserRow['notificationSettings'],
      signupStep: 5,
      pushChoice: null,
      signupTargetProfileId: null,
      deletedAt: null,
      deleteReason: null,
      purgedAt: null,
    });
  }
  return { repository, addUser, sessions };
}

let clock: Date;
let memory: ReturnType<typeof createMemoryAccounts>;
let rateLimits: ReturnType<typeof createMemoryRateLimits>;
let service: ReturnType<typeof createAccountsService>;

beforeEach(async () => {
  clock = new Date('2026-11-22T12:00:00Z');
  memory = createMemoryAccounts();
  memory.addUser('anna@example.com');
  memory.addUser('bert@example.com');
  memory.addUser('weg@example.com', 'deleted');
  rateLimits = createMemoryRateLimits();
  const sessions = await createSessionCache({ bus: createLocalEventBus() });
  service = createAccountsService({ repository: memory.repository, rateLimits, sessions, now: () => clock });
});

const minutes = (count: number) => count * 60_000;
const pass = (minutesLater: number) => {
  clock = new Date(clock.getTime() + minutes(minutesLater));
};

/** The error code of a login, or 'ok'. */
async function login(email: string, ip: string, given = password): Promise<string> {
  try {
    await service.login(site, { email, password: given }, ip);
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

async function loginBlockedMinutes(email: string, ip: string, given = password): Promise<number | undefined> {
  try {
    await service.login(site, { email, password: given }, ip);
  } catch (error) {
    if (error instanceof AppError && error.code === 'login_blocked')
      return (error.values as { minutes: number }).minutes;
  }
  return undefined;
}

describe('login lockout (decision 010), with the repositories in memory and the clock in the test', () => {
  it('logs a member in with a session the session lookup finds', async () => {
    const { token, user } = await service.login(site, { email: 'anna@example.com', password }, '203.0.113.1');
    expect(user.email).toBe('anna@example.com');
    expect((await service.findSessionUser(site, token))?.id).toBe(user.id);
    pass(31 * 24 * 60);
    expect(await service.findSessionUser(site, token)).toBeNull();
  });

  it('answers a wrong password, an unknown address and a deleted account alike', async () => {
    expect(await login('anna@example.com', '203.0.113.1', 'fout')).toBe('login_failed');
    expect(await login('niemand@example.com', '203.0.113.1')).toBe('login_failed');
    expect(await login('weg@example.com', '203.0.113.1')).toBe('login_failed');
  });

  it('locks one account for one address after five failures, for 15 minutes from the last try, even with the right password', async () => {
    for (let i = 0; i < maxFailuresPerAccountAndAddress; i++) {
      expect(await login('anna@example.com', '203.0.113.1', 'fout')).toBe('login_failed');
      pass(2);
    }
    expect(await loginBlockedMinutes('anna@example.com', '203.0.113.1')).toBe(13);
    // Another address is not locked out, nor another account from this address.
    expect(await login('anna@example.com', '198.51.100.7')).toBe('ok');
    expect(await login('bert@example.com', '203.0.113.1')).toBe('ok');
    pass(12);
    expect(await loginBlockedMinutes('anna@example.com', '203.0.113.1')).toBe(1);
    pass(1);
    expect(await login('anna@example.com', '203.0.113.1')).toBe('ok');
  });

  it('forgives the member their own typos: a right password clears them', async () => {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < maxFailuresPerAccountAndAddress - 1; i++) {
        expect(await login('anna@example.com', '203.0.113.1', 'fout')).toBe('login_failed');
      }
      expect(await login('anna@example.com', '203.0.113.1')).toBe('ok');
    }
    expect(rateLimits.hitsOf('login:address:203.0.113.1')).toBe(12);
  });

  it('locks an address that tries many accounts (credential stuffing) after twenty failures', async () => {
    for (let i = 0; i < maxFailuresPerAddress; i++) {
      expect(await login(`lid${i}@example.com`, '203.0.113.9', 'fout')).toBe('login_failed');
    }
    expect(await loginBlockedMinutes('anna@example.com', '203.0.113.9')).toBe(lockoutWindowMs / 60_000);
    expect(await login('anna@example.com', '203.0.113.10')).toBe('ok');
  });

  it('counts an IPv6 address by its /64 network', async () => {
    for (let i = 0; i < maxFailuresPerAccountAndAddress; i++) {
      expect(await login('anna@example.com', `2001:db8:1:2::${i + 1}`, 'fout')).toBe('login_failed');
    }
    expect(await login('anna@example.com', '2001:db8:1:2::ff')).toBe('login_blocked');
    expect(await login('anna@example.com', '2001:db8:1:3::1')).toBe('ok');
  });

  it('locks an account guessed from many addresses after thirty failures, except on devices the member used', async () => {
    expect(await login('anna@example.com', '192.0.2.200')).toBe('ok');
    pass(1);
    for (let i = 0; i < maxFailuresPerAccount; i++) {
      expect(await login('anna@example.com', `198.51.100.${i + 1}`, 'fout')).toBe('login_failed');
    }
    expect(await login('anna@example.com', '198.51.100.250')).toBe('login_blocked');
    // The member's own device, known from a login within 90 days, still gets in.
    expect(await login('anna@example.com', '192.0.2.200')).toBe('ok');
    pass(lockoutWindowMs / 60_000);
    expect(await login('anna@example.com', '198.51.100.250')).toBe('ok');
  });

  it('stops counting a device as known after 90 days', async () => {
    expect(await login('anna@example.com', '192.0.2.200')).toBe('ok');
    pass(91 * 24 * 60);
    for (let i = 0; i < maxFailuresPerAccount; i++) {
      expect(await login('anna@example.com', `198.51.100.${i + 1}`, 'fout')).toBe('login_failed');
    }
    expect(await login('anna@example.com', '192.0.2.200')).toBe('login_blocked');
  });
});
