import { AppError } from '@app/shared/errors/app-error';
import type { Site } from '../sites/sites.service.ts';
import { accountLoginLimitKeys, passwordCheckKey } from './accounts.service.ts';
import { type AccountServiceDeps, hashLinkToken, queueLinkMail } from './link-mail.ts';
import { assertStrongPassword, hashPassword } from './passwords.ts';

const linkLifetimeMs = 60 * 60_000;

export function createPasswordResetService(
  deps: AccountServiceDeps & { createSession(userId: number): Promise<string> },
) {
  const { accounts, tokens, rateLimits, transaction } = deps;

  return {
    /** Mails a single-use link valid for an hour; at most three a day per address (link-mail.ts). */
    async requestPasswordReset(site: Site, email: string, origin: string) {
      const user = await accounts.findUserByEmail(site.id, email);
      if (!user || user.status === 'deleted') throw new AppError('email_not_found', 'reset for an unknown address');
      const name = (await accounts.findProfileName(user.profileId)) ?? '';
      await queueLinkMail(deps, {
        site,
        user: { id: user.id, email: user.email, language: user.language, name },
        purpose: 'password_reset',
        lifetimeMs: linkLifetimeMs,
        url: `${origin}/reset-password/do`,
      });
    },

    /**
     * Sets the new password with a valid link, ends every session and every other reset link of the account, lifts
     * its login locks, and starts a new session.
     */
    async resetPassword(site: Site, token: string, password: string): Promise<{ token: string }> {
      const row = await tokens.findEmailToken(hashLinkToken(token));
      const now = deps.now();
      if (row?.purpose !== 'password_reset' || row.usedAt || row.expiresAt <= now) {
        throw new AppError('reset_link_invalid', 'reset link not usable');
      }
      const user = await accounts.findUserById(row.userId);
      if (!user || user.siteId !== site.id || user.status === 'deleted') {
        throw new AppError('reset_link_invalid', 'reset link of another site or a deleted account');
      }
      await assertStrongPassword(password, [user.email, (await accounts.findProfileName(user.profileId)) ?? '']);
      const passwordHash = await hashPassword(password);
      await transaction(async () => {
        if (!(await tokens.markEmailTokenUsed(row.id, now))) throw new AppError('reset_link_invalid', 'used twice');
        await accounts.updatePassword(user.id, passwordHash);
        // Links an intruder may have asked for before the owner took the account back die with the old password.
        for (const purpose of ['password_reset', 'mail_change'] as const)
          await tokens.revokeEmailTokens(user.id, purpose, now);
        await accounts.deleteSessionsOfUser(user.id);
        await deps.revokeCachedSessions(user.id);
        // The owner proved the address: whatever locked the account out is lifted (decision 010).
        const keys = accountLoginLimitKeys(site.id, user.email);
        await rateLimits.clearRateLimitsByPrefix(keys.accountPrefix);
        await rateLimits.clearRateLimit(keys.account);
        await rateLimits.clearRateLimit(passwordCheckKey(user.id));
      });
      return { token: await deps.createSession(user.id) };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
