import { randomBytes } from 'node:crypto';
import type {
  AccountSettings,
  accountSettingsUpdateSchema,
  NotificationSettings,
} from '@app/shared/accounts/account-settings';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { AppError } from '@app/shared/errors/app-error';
import type { z } from 'zod';
import type { Storage } from '../../storage/storage.ts';
import { allPhotoVariants, photoFileName } from '../profiles/photo-processing.ts';
import type { Site } from '../sites/sites.service.ts';
import {
  hashSessionToken,
  lockoutWindowMs,
  maxFailuresPerAccountAndAddress,
  passwordCheckKey,
} from './accounts.service.ts';
import { type AccountServiceDeps, hashLinkToken, queueLinkMail } from './link-mail.ts';
import { maskEmail } from './mask-email.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords.ts';
import type { SignupService } from './signup.service.ts';

const regretPeriodMs = 14 * 24 * 60 * 60_000;
const mailChangeLifetimeMs = 24 * 60 * 60_000;
/** How long the old address can undo a confirmed change. */
const mailChangeUndoLifetimeMs = 7 * 24 * 60 * 60_000;
const dayMs = 24 * 60 * 60_000;
const mailChangesPerDay = 5;
/** The reset link an undo hands out at once, as long-lived as a mailed one. */
const undoResetLifetimeMs = 60 * 60_000;
/** Every kind of mailed link: an undo makes all outstanding ones useless. */
const linkPurposes = ['activation', 'password_reset', 'mail_change', 'reactivation', 'mail_change_undo'] as const;
/** A password hash no password matches: after an undo only a reset link opens the account. */
const unusablePasswordHash = '!';

export function createAccountSettingsService(deps: AccountServiceDeps & { signup: SignupService; storage: Storage }) {
  const { accounts, tokens, profiles, rateLimits, transaction } = deps;

  async function getSettings(userId: number): Promise<AccountSettings> {
    const row = await accounts.findAccountSettings(userId);
    if (!row) throw new AppError('authentication_required', `no user ${userId}`);
    return {
      email: row.email,
      invisible: row.invisible,
      notifications: row.notifications,
      push_previews: row.pushPreviews,
    };
  }

  /**
   * Checks the password that confirms a change. Counted like logins (decision 010): a stolen session cannot guess
   * the password here more than five times in 15 minutes.
   */
  async function verifyCurrentPassword(userId: number, password: string) {
    const key = passwordCheckKey(userId);
    const hit = await rateLimits.hitRateLimit(key, maxFailuresPerAccountAndAddress, lockoutWindowMs, deps.now());
    if (hit.over) {
      throw new AppError('password_checks_blocked', 'current password guessed too often', { minutes: hit.minutesLeft });
    }
    const user = await accounts.findUserById(userId);
    if (!user || !(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('old_password_wrong', 'wrong current password');
    }
    await rateLimits.clearRateLimit(key);
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
        await accounts.updateNotificationSettings(user.id, next);
      }
      if (update.invisible !== undefined)
        await profiles.updateProfile(user.profile.id, { invisible: update.invisible });
      if (update.push_previews !== undefined) await accounts.updatePushPreviews(user.id, update.push_previews);
      return getSettings(user.id);
    },

    /** Checks the old password, stores the new one, logs out every other device and ends outstanding reset links. */
    async changePassword(user: SessionUser, sessionToken: string, oldPassword: string, password: string) {
      await verifyCurrentPassword(user.id, oldPassword);
      await assertStrongPassword(password, [user.email, user.profile.name]);
      const passwordHash = await hashPassword(password);
      await transaction(async () => {
        await accounts.updatePassword(user.id, passwordHash);
        for (const purpose of ['password_reset', 'mail_change'] as const) {
          await tokens.revokeEmailTokens(user.id, purpose, deps.now());
        }
        await accounts.deleteOtherSessions(user.id, hashSessionToken(sessionToken));
        await deps.revokeCachedSessions(user.id);
      });
    },

    /**
     * Checks the current password, then mails a confirmation link to the new address; the address changes only
     * when that link is used. The old address hears of it when the change is confirmed, with a link to undo it.
     */
    async requestEmailChange(
      site: Site,
      user: SessionUser,
      input: { email: string; password: string },
      origin: string,
    ) {
      const { email } = input;
      await verifyCurrentPassword(user.id, input.password);
      if (email === user.email) throw new AppError('new_email_invalid', 'same address');
      const now = deps.now();
      if (
        (await accounts.findUserByEmail(site.id, email)) ||
        (await tokens.isAddressHeldForUndo(site.id, email, now))
      ) {
        throw new AppError('email_taken', 'new address is taken');
      }
      await transaction(async () => {
        // Per member as well as per recipient (link-mail.ts): one member cannot mail many addresses.
        const changes = await rateLimits.hitRateLimit(`mail-change:${user.id}`, mailChangesPerDay, dayMs, now);
        if (changes.over) throw new AppError('rate_limited', 'mail changes per member');
        await queueLinkMail(deps, {
          site,
          user: { id: user.id, email: user.email, language: user.language, name: user.profile.name },
          purpose: 'mail_change',
          lifetimeMs: mailChangeLifetimeMs,
          url: `${origin}/mail-change/do`,
          newEmail: email,
        });
      });
    },

    /**
     * Uses the link from the confirmation mail once: the new address takes effect, every other session of the member
     * ends (all of them when the link is opened without being logged in as the member), other pending changes die,
     * and the old address gets a notice with a link to undo the change, valid 7 days.
     */
    async confirmEmailChange(
      site: Site,
      token: string,
      origin: string,
      confirmer: { userId: number; sessionToken: string } | null,
    ) {
      const row = await tokens.findEmailToken(hashLinkToken(token));
      const now = deps.now();
      if (row?.purpose !== 'mail_change' || row.usedAt || row.expiresAt <= now || !row.newEmail) {
        throw new AppError('mail_change_link_invalid', 'mail change link not usable');
      }
      const user = await accounts.findUserById(row.userId);
      if (!user || user.siteId !== site.id || user.status === 'deleted') {
        throw new AppError('mail_change_link_invalid', 'mail change link of another site or a deleted account');
      }
      const newEmail = row.newEmail;
      const oldEmail = user.email;
      const name = (await accounts.findProfileName(user.profileId)) ?? '';
      await transaction(async () => {
        if (await tokens.isAddressHeldForUndo(site.id, newEmail, now)) throw new AppError('email_taken', 'held');
        if (!(await tokens.markEmailTokenUsed(row.id, now))) throw new AppError('mail_change_link_invalid', 'used');
        const changed = await accounts.updateEmail(user.id, newEmail);
        if (!changed.changed) throw new AppError(changed.reason, 'new address taken');
        await tokens.revokeEmailTokens(user.id, 'mail_change', now);
        if (confirmer?.userId === user.id) {
          await accounts.deleteOtherSessions(user.id, hashSessionToken(confirmer.sessionToken));
        } else {
          await accounts.deleteSessionsOfUser(user.id);
        }
        await deps.revokeCachedSessions(user.id);
        await queueLinkMail(deps, {
          site,
          user: { id: user.id, email: oldEmail, language: user.language, name },
          purpose: 'mail_change_undo',
          lifetimeMs: mailChangeUndoLifetimeMs,
          url: `${origin}/mail-change/undo`,
          newEmail: oldEmail,
          values: { new_email: maskEmail(newEmail) },
          overLimit: 'skip',
        });
      });
    },

    /**
     * The link from the notice to the old address, once: puts the old address back (held for it while the link
     * lives), ends every session, makes the password and every outstanding mailed link useless, and answers a fresh
     * reset link's token so that the owner chooses a new password at once (null for a deleted account, which cannot
     * log in). Answers the account's id too, so the caller can drop its own cookie.
     */
    async undoEmailChange(site: Site, token: string): Promise<{ userId: number; resetToken: string | null }> {
      const row = await tokens.findEmailToken(hashLinkToken(token));
      const now = deps.now();
      if (row?.purpose !== 'mail_change_undo' || row.usedAt || row.expiresAt <= now || !row.newEmail) {
        throw new AppError('mail_change_undo_invalid', 'mail change undo link not usable');
      }
      const user = await accounts.findUserById(row.userId);
      if (!user || user.siteId !== site.id || user.purgedAt) {
        throw new AppError('mail_change_undo_invalid', 'undo link of another site or an erased account');
      }
      const oldEmail = row.newEmail;
      const resetToken = user.status === 'deleted' ? null : randomBytes(32).toString('base64url');
      await transaction(async () => {
        if (!(await tokens.markEmailTokenUsed(row.id, now))) throw new AppError('mail_change_undo_invalid', 'used');
        // The address is held for the owner while the link lives; should another account have it all the same,
        // the account is still locked down below and the owner changes the address after the reset.
        const holder = await accounts.findUserByEmail(site.id, oldEmail);
        if (!holder) await accounts.updateEmail(user.id, oldEmail);
        await accounts.updatePassword(user.id, unusablePasswordHash);
        for (const purpose of linkPurposes) await tokens.revokeEmailTokens(user.id, purpose, now);
        await accounts.deleteSessionsOfUser(user.id);
        await deps.revokeCachedSessions(user.id);
        if (resetToken) {
          await tokens.insertEmailToken({
            userId: user.id,
            purpose: 'password_reset',
            tokenHash: hashLinkToken(resetToken),
            createdAt: now,
            expiresAt: new Date(now.getTime() + undoResetLifetimeMs),
          });
        }
      });
      return { userId: user.id, resetToken };
    },

    /**
     * Deletes the account after the password check: hidden and logged out at once, a reactivation link valid for
     * 14 days by mail; the purge job erases the personal data after that.
     */
    async deleteAccount(site: Site, user: SessionUser, input: { reason: string; password: string }, origin: string) {
      await verifyCurrentPassword(user.id, input.password);
      await transaction(async () => {
        // Hidden at once (the profile is disabled) and logged out everywhere; the data stay 14 days.
        const profileId = await accounts.markUserDeleted(user.id, input.reason, deps.now());
        if (profileId !== null) {
          await profiles.setProfileStatus(profileId, 'disabled');
          await accounts.deleteSessionsOfUser(user.id);
          await deps.revokeCachedSessions(user.id);
        }
        await deps.signup.queueAccountMail(
          site,
          { id: user.id, email: user.email, language: user.language, name: user.profile.name },
          'reactivation',
          origin,
          'skip',
        );
      });
    },

    /** Erases the personal data of accounts deleted more than 14 days ago; answers how many. */
    async purgeDeletedAccounts(limit = 100): Promise<number> {
      const now = deps.now();
      const due = await accounts.findUsersToPurge(new Date(now.getTime() - regretPeriodMs), limit);
      for (const user of due) {
        // Each domain erases its own part, in one transaction: photos and profile, links, sessions and login.
        const keys = await transaction(async () => {
          const photoKeys = await profiles.deletePhotosOfProfile(user.profileId);
          await profiles.eraseProfile(user.profileId);
          await tokens.deleteEmailTokensOfUser(user.id);
          await accounts.deleteSessionsOfUser(user.id);
          await accounts.eraseUser(user.id, now);
          await deps.revokeCachedSessions(user.id);
          return photoKeys;
        });
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
