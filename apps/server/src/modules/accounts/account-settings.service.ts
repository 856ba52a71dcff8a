import type { accountSettingsUpdateSchema, NotificationSettings } from '@app/shared/accounts/account-settings';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { AppError } from '@app/shared/errors/app-error';
import type { z } from 'zod';
import type { Storage } from '../../storage/storage.ts';
import { allPhotoVariants, photoFileName } from '../profiles/photo-processing.ts';
import type { Site } from '../sites/sites.service.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { hashSessionToken } from './accounts.service.ts';
import { hashLinkToken, type MailingDeps, queueLinkMail } from './link-mail.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { SignupService } from './signup.service.ts';

const regretPeriodMs = 14 * 24 * 60 * 60_000;
const mailChangeLifetimeMs = 24 * 60 * 60_000;

function isUniqueViolation(error: unknown) {
  return (error as { code?: string }).code === '23505' || /users_site_email_idx/.test(String(error));
}

export function createAccountSettingsService(deps: MailingDeps & { signup: SignupService; storage: Storage }) {
  const repository = createAccountsRepository(deps.db);

  async function getSettings(userId: number) {
    const row = await repository.findAccountSettings(userId);
    if (!row) throw new AppError('authentication_required', `no user ${userId}`);
    return { email: row.email, invisible: row.invisible, notifications: row.notifications };
  }

  async function verifyCurrentPassword(userId: number, password: string) {
    const user = await repository.findUserById(userId);
    if (!user || !(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('old_password_wrong', `wrong current password for ${userId}`);
    }
    return user;
  }

  return {
    getSettings,

    async updateSettings(user: SessionUser, update: z.output<typeof accountSettingsUpdateSchema>) {
      const current = await getSettings(user.id);
      if (update.notifications) {
        const next: NotificationSettings = {
          email: { ...current.notifications.email, ...update.notifications.email },
          push: { ...current.notifications.push, ...update.notifications.push },
        };
        await repository.updateNotificationSettings(user.id, next);
      }
      if (update.invisible !== undefined) await repository.updateInvisible(user.profile.id, update.invisible);
      return getSettings(user.id);
    },

    /** Checks the old password, stores the new one and logs out every other device. */
    async changePassword(user: SessionUser, sessionToken: string, oldPassword: string, password: string) {
      await verifyCurrentPassword(user.id, oldPassword);
      const passwordHash = await hashPassword(password);
      await deps.transact(async (tx) => {
        const accounts = createAccountsRepository(tx);
        await accounts.updatePassword(user.id, passwordHash);
        await accounts.deleteOtherSessions(user.id, hashSessionToken(sessionToken));
      });
    },

    /** Mails a confirmation link to the new address; the address changes only when that link is used. */
    async requestEmailChange(site: Site, user: SessionUser, email: string, origin: string) {
      if (email === user.email) throw new AppError('new_email_invalid', 'same address');
      if (await repository.findUserByEmail(site.id, email)) throw new AppError('email_taken', `${email} is taken`);
      const dayAgo = new Date(deps.now().getTime() - 24 * 60 * 60_000);
      if ((await repository.countEmailTokensSince(user.id, 'mail_change', dayAgo)) >= 5) {
        throw new AppError('rate_limited', `mail changes of ${user.id} over the daily limit`);
      }
      await deps.transact((tx) =>
        queueLinkMail(deps, tx, {
          site,
          user: { id: user.id, email: user.email, language: user.language, name: user.profile.name },
          purpose: 'mail_change',
          lifetimeMs: mailChangeLifetimeMs,
          url: `${origin}/mail-change/do`,
          newEmail: email,
        }),
      );
    },

    /** Uses the link from the confirmation mail once. */
    async confirmEmailChange(site: Site, token: string) {
      const row = await repository.findEmailToken(hashLinkToken(token));
      const now = deps.now();
      if (row?.purpose !== 'mail_change' || row.usedAt || row.expiresAt <= now || !row.newEmail) {
        throw new AppError('mail_change_link_invalid', 'mail change link not usable');
      }
      const user = await repository.findUserById(row.userId);
      if (!user || user.siteId !== site.id || user.status === 'deleted') {
        throw new AppError('mail_change_link_invalid', 'mail change link of another site or a deleted account');
      }
      const newEmail = row.newEmail;
      try {
        await deps.transact(async (tx) => {
          const accounts = createAccountsRepository(tx);
          if (await accounts.findUserByEmail(site.id, newEmail)) throw new AppError('email_taken', `${newEmail} taken`);
          if (!(await accounts.markEmailTokenUsed(row.id, now))) throw new AppError('mail_change_link_invalid', 'used');
          await accounts.updateEmail(user.id, newEmail);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('email_taken', `${newEmail} taken in a race`);
        throw error;
      }
    },

    /**
     * Deletes the account after the password check: hidden and logged out at once, a reactivation link valid for
     * 14 days by mail; the purge job erases the personal data after that.
     */
    async deleteAccount(site: Site, user: SessionUser, input: { reason: string; password: string }, origin: string) {
      await verifyCurrentPassword(user.id, input.password);
      await deps.transact(async (tx) => {
        const accounts = createAccountsRepository(tx);
        await accounts.markUserDeleted(user.id, input.reason, deps.now());
        await deps.signup.queueAccountMail(
          tx,
          site,
          { id: user.id, email: user.email, language: user.language, name: user.profile.name },
          'reactivation',
          origin,
        );
      });
    },

    /** Erases the personal data of accounts deleted more than 14 days ago; answers how many. */
    async purgeDeletedAccounts(limit = 100): Promise<number> {
      const now = deps.now();
      const due = await repository.findUsersToPurge(new Date(now.getTime() - regretPeriodMs), limit);
      for (const user of due) {
        const keys = await deps.transact((tx) => createAccountsRepository(tx).purgeUser(user, now));
        for (const key of keys) {
          for (const variant of allPhotoVariants) {
            await deps.storage.delete(photoFileName(key, variant));
          }
        }
      }
      return due.length;
    },
  };
}

export type AccountSettingsService = ReturnType<typeof createAccountSettingsService>;
