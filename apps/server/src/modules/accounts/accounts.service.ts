import { hash, randomBytes } from 'node:crypto';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { AppError } from '@app/shared/errors/app-error';
import type { Locale } from '@app/shared/i18n/locales';
import { clientAddressKey } from '../../lib/client-address.ts';
import { createSmallMemo } from '../../lib/small-memo.ts';
import { photoFileName } from '../profiles/photo-processing.ts';
import type { Site } from '../sites/sites.service.ts';
import type { RateLimitsRepository } from '../system/rate-limits.repository.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { unusedPasswordHash, verifyPassword } from './passwords.ts';
import type { SessionCache } from './session-cache.ts';

export const lockoutWindowMs = 15 * 60_000;
/** Tries for one account from one address: the spec's lock, which only the guessing address feels. */
export const maxFailuresPerAccountAndAddress = 5;
/** Tries from one address over all accounts (credential stuffing). */
export const maxFailuresPerAddress = 20;
/** Tries for one account from all addresses together (a spread-out attack); known devices pass it. */
export const maxFailuresPerAccount = 30;
/** How long an address that logged in to an account counts as the member's own device. */
const knownDeviceMs = 90 * 24 * 60 * 60_000;
const sessionLifetimeMs = 30 * 24 * 60 * 60_000;

/**
 * A session token's hash, kept for recent tokens (10,000, emptied whole when full): a SHA-256 per request was 2% of a
 * small API call. Our tokens are 43 characters; a longer text is hashed but not kept.
 */
export const hashSessionToken = createSmallMemo((token) => hash('sha256', token, 'hex'), {
  entries: 10_000,
  maxKeyLength: 100,
});

type SessionRow = NonNullable<Awaited<ReturnType<AccountsRepository['findSessionUser']>>>;

function toSessionUser(row: SessionRow, site: Site): SessionUser {
  const prefix = site.settings.cdn_prefix;
  const photo = row.mainPhoto;
  return {
    id: row.user.id,
    email: row.user.email,
    profile: {
      id: row.profile.id,
      name: row.profile.name,
      country: row.profile.country,
      status: row.profile.status,
      main_image: photo
        ? {
            filename: prefix + photoFileName(photo.storageKey, 'full'),
            thumb_filename: prefix + photoFileName(photo.storageKey, 'thumb'),
            status: photo.status,
            match: prefix + photoFileName(photo.storageKey, 'match'),
          }
        : null,
    },
    paid_user: row.user.paidUser,
    credits: row.user.credits,
    language: row.user.language,
    status: row.user.status === 'active' ? 'active' : 'not_confirmed',
    notifications_disabled: row.user.notificationsDisabled.filter(
      (reason): reason is 'fbl' | 'bounce' | 'listunsubscribe' =>
        reason === 'fbl' || reason === 'bounce' || reason === 'listunsubscribe',
    ),
    signup_date: row.user.signupDate.toISOString(),
    signup_step: row.user.signupStep,
    signup_target_id: row.user.signupTargetProfileId,
  };
}

/** The login counters of an account from every address; the password reset clears them all (decision 010). */
export function accountLoginLimitKeys(siteId: number, email: string) {
  return { accountPrefix: `login:pair:${siteId}:${email}:`, account: `login:account:${siteId}:${email}` };
}

/** The counters one login try hits: the account from this address, the address, the account (decision 010). */
function loginLimitKeys(siteId: number, email: string, clientIp: string) {
  const ip = clientAddressKey(clientIp);
  const { accountPrefix, account } = accountLoginLimitKeys(siteId, email);
  return { accountAndAddress: `${accountPrefix}${ip}`, account, address: `login:address:${ip}` };
}

/** The counter of wrong current passwords given to confirm a change; a password reset clears it too. */
export function passwordCheckKey(userId: number) {
  return `password-check:${userId}`;
}

export function createAccountsService(deps: {
  repository: AccountsRepository;
  rateLimits: RateLimitsRepository;
  sessions: SessionCache;
  now: () => Date;
}) {
  const { repository, rateLimits, sessions } = deps;

  /**
   * Counts this try before the password is checked, one atomic statement per counter, and refuses it when a
   * counter is over its limit: the account from this address, this address over all accounts, and the account
   * from everywhere (except from an address the member logged in from before). See decision 010.
   */
  async function countLoginTry(site: Site, email: string, ip: string) {
    const now = deps.now();
    const keys = loginLimitKeys(site.id, email, ip);
    const counters: [string, number][] = [
      [keys.accountAndAddress, maxFailuresPerAccountAndAddress],
      [keys.address, maxFailuresPerAddress],
    ];
    const knownDevice = await repository.hasLoggedInFrom(
      site.id,
      email,
      clientAddressKey(ip),
      new Date(now.getTime() - knownDeviceMs),
    );
    if (!knownDevice) counters.push([keys.account, maxFailuresPerAccount]);
    for (const [key, limit] of counters) {
      const hit = await rateLimits.hitRateLimit(key, limit, lockoutWindowMs, now);
      if (hit.over) {
        throw new AppError('login_blocked', `login blocked by ${key.split(':')[1]} counter`, {
          minutes: hit.minutesLeft,
        });
      }
    }
    return {
      /** A right password: the member's own tries no longer count against them. */
      async forgive() {
        await rateLimits.clearRateLimit(keys.accountAndAddress);
        await rateLimits.returnRateLimitHit(keys.address);
        if (!knownDevice) await rateLimits.returnRateLimitHit(keys.account);
      },
    };
  }

  async function createSession(userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = deps.now();
    await repository.insertSession({
      tokenHash: hashSessionToken(token),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + sessionLifetimeMs),
    });
    return token;
  }

  /** `findSessionUser` from the session cache alone: undefined when the cache does not hold the session. */
  function findCachedSessionUser(site: Site, token: string | undefined): SessionUser | null | undefined {
    if (!token || token.length > 100) return null;
    return sessions.findSession(hashSessionToken(token), site.id, deps.now());
  }

  /** The member of a session: from the session cache when it holds it, else from the database (then cached). */
  async function findSessionUser(site: Site, token: string | undefined): Promise<SessionUser | null> {
    const cached = findCachedSessionUser(site, token);
    if (cached !== undefined) return cached;
    if (!token) return null;
    const tokenHash = hashSessionToken(token);
    const now = deps.now();
    const read = sessions.beginRead();
    const row = await repository.findSessionUser(site.id, tokenHash, now);
    if (!row || row.user.status === 'deleted') return null;
    const user = toSessionUser(row, site);
    sessions.rememberSession(read, tokenHash, { siteId: site.id, user, expiresAt: row.expiresAt }, now);
    return user;
  }

  return {
    findSessionUser,
    findCachedSessionUser,
    createSession,

    /**
     * Logs in with e-mail and password. A wrong e-mail and a wrong password answer alike and take alike long;
     * too many tries block the account for that address, the address, or the account (decision 010). Answers a new session token.
     */
    async login(site: Site, input: { email: string; password: string }, ip: string) {
      const counted = await countLoginTry(site, input.email, ip);
      const user = await repository.findUserByEmail(site.id, input.email);
      const valid = await verifyPassword(user?.passwordHash ?? unusedPasswordHash, input.password);
      const success = valid && user !== null && user.status !== 'deleted';
      await repository.insertLoginAttempt({
        siteId: site.id,
        email: input.email,
        ip: clientAddressKey(ip),
        success,
        createdAt: deps.now(),
      });
      if (!success || !user) throw new AppError('login_failed', 'failed login');
      await counted.forgive();
      const token = await createSession(user.id);
      const sessionUser = await findSessionUser(site, token);
      return { token, user: sessionUser! };
    },

    async logout(token: string | undefined) {
      if (!token || token.length > 100) return;
      const tokenHash = hashSessionToken(token);
      await repository.deleteSession(tokenHash);
      await sessions.revokeSession(tokenHash);
    },

    async updateSignupStep(site: Site, token: string, userId: number, step: number, pushChoice?: string) {
      await repository.updateSignupStep(userId, step, pushChoice);
      await sessions.refreshUser(userId);
      return (await findSessionUser(site, token))!;
    },

    /** The member's browser gave a push subscription (`accepted`) or refused notifications (`denied`). */
    async recordPushChoice(userId: number, choice: 'accepted' | 'denied') {
      await repository.updatePushChoice(userId, choice);
    },

    async updateLanguage(site: Site, token: string, userId: number, language: Locale) {
      await repository.updateUserLanguage(userId, language);
      await sessions.refreshUser(userId);
      return (await findSessionUser(site, token))!;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
