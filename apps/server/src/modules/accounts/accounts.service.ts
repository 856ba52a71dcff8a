import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { AppError } from '@app/shared/errors/app-error';
import type { Locale } from '@app/shared/i18n/locales';
import { photoFileName } from '../profiles/photo-processing.ts';
import type { Site } from '../sites/sites.service.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { unusedPasswordHash, verifyPassword } from './passwords.ts';

export const lockoutWindowMs = 15 * 60_000;
export const maxFailuresPerAccount = 5;
export const maxFailuresPerAddress = 20;
const sessionLifetimeMs = 30 * 24 * 60 * 60_000;

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

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

export function createAccountsService(deps: { repository: AccountsRepository; now: () => Date }) {
  const { repository } = deps;

  /** Blocks further tries while an account or an address has too many recent failures. */
  async function assertNotBlocked(site: Site, email: string, ip: string) {
    const now = deps.now();
    const since = new Date(now.getTime() - lockoutWindowMs);
    const lastSuccess = await repository.findLastSuccess(site.id, email);
    const accountSince = lastSuccess && lastSuccess > since ? lastSuccess : since;
    const [account, address] = await Promise.all([
      repository.findRecentFailures({ siteId: site.id, email }, accountSince),
      repository.findRecentFailures({ ip }, since),
    ]);
    const blockedBy =
      account.failures >= maxFailuresPerAccount ? account : address.failures >= maxFailuresPerAddress ? address : null;
    if (!blockedBy?.latest) return;
    const minutes = Math.max(1, Math.ceil((blockedBy.latest.getTime() + lockoutWindowMs - now.getTime()) / 60_000));
    throw new AppError('login_blocked', `login blocked for ${email} from ${ip}`, { minutes });
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

  async function findSessionUser(site: Site, token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 100) return null;
    const row = await repository.findSessionUser(site.id, hashSessionToken(token), deps.now());
    if (!row || row.user.status === 'deleted') return null;
    return toSessionUser(row, site);
  }

  return {
    findSessionUser,
    createSession,

    /**
     * Logs in with e-mail and password. A wrong e-mail and a wrong password answer alike and take alike long;
     * too many failures block the account and the address for a while. Answers a new session token.
     */
    async login(site: Site, input: { email: string; password: string }, ip: string) {
      await assertNotBlocked(site, input.email, ip);
      const user = await repository.findUserByEmail(site.id, input.email);
      const valid = await verifyPassword(user?.passwordHash ?? unusedPasswordHash, input.password);
      const success = valid && user !== null && user.status !== 'deleted';
      await repository.insertLoginAttempt({ siteId: site.id, email: input.email, ip, success, createdAt: deps.now() });
      if (!success || !user) throw new AppError('login_failed', `failed login for ${input.email}`);
      const token = await createSession(user.id);
      const sessionUser = await findSessionUser(site, token);
      return { token, user: sessionUser! };
    },

    async logout(token: string | undefined) {
      if (token && token.length <= 100) await repository.deleteSession(hashSessionToken(token));
    },

    async updateSignupStep(site: Site, token: string, userId: number, step: number, pushChoice?: string) {
      await repository.updateSignupStep(userId, step, pushChoice);
      return (await findSessionUser(site, token))!;
    },

    async updateLanguage(site: Site, token: string, userId: number, language: Locale) {
      await repository.updateUserLanguage(userId, language);
      return (await findSessionUser(site, token))!;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
