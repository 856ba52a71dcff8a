import type { createSignupInputSchema } from '@app/shared/accounts/signup';
import { AppError } from '@app/shared/errors/app-error';
import type { Locale } from '@app/shared/i18n/locales';
import type { z } from 'zod';
import { clientAddressKey } from '../../lib/client-address.ts';
import type { Site } from '../sites/sites.service.ts';
import { type AccountServiceDeps, hashLinkToken, queueLinkMail } from './link-mail.ts';
import { assertStrongPassword, hashPassword } from './passwords.ts';

type SignupInput = z.output<ReturnType<typeof createSignupInputSchema>>;

const activationLifetimeMs = 7 * 24 * 60 * 60_000;
const reactivationWindowMs = 14 * 24 * 60 * 60_000;
const signupsPerAddressPerHour = 5;
const hourMs = 3_600_000;

export function createSignupService(deps: AccountServiceDeps & { createSession(userId: number): Promise<string> }) {
  const { accounts, tokens, profiles, rateLimits, transaction } = deps;
  const activationListeners: ((userId: number) => Promise<void>)[] = [];

  /** Queues the mail with a fresh single-use link; inside the caller's unit of work when there is one. */
  function queueAccountMail(
    site: Site,
    user: { id: number; email: string; language: string; name: string },
    purpose: 'activation' | 'reactivation',
    origin: string,
    overLimit: 'refuse' | 'skip' = 'refuse',
  ) {
    const activation = purpose === 'activation';
    return queueLinkMail(deps, {
      overLimit,
      site,
      user,
      purpose,
      lifetimeMs: activation ? activationLifetimeMs : reactivationWindowMs,
      url: `${origin}${activation ? '/api/activate.php' : '/api/reactivate.php'}`,
    });
  }

  function assertSignupsOpen(site: Site, input: SignupInput) {
    const mode = site.settings.signups;
    const hasTrafficSource = Object.values(input.tracking).some((value) => value && value.length > 0);
    if (mode === 'all' || (mode === 'with_trafficsource' && hasTrafficSource)) return;
    throw new AppError('signup_invite_only', `signups are ${mode}`);
  }

  return {
    /** Mails a single-use link (activation, or reactivation within the 14 days after a deletion). */
    queueAccountMail,

    /**
     * Creates an unconfirmed account with a disabled profile, sends the activation mail through the outbox and
     * logs the new member in. An address that has an account gets the spec's answers instead.
     */
    async signup(
      site: Site,
      input: SignupInput,
      meta: { ip: string; locale: Locale; origin: string; country: string },
    ): Promise<{ token: string }> {
      assertSignupsOpen(site, input);
      const now = deps.now();
      const existing = await accounts.findUserByEmail(site.id, input.email);
      if (existing) {
        if (existing.status !== 'deleted') throw new AppError('account_exists', 'signup for an existing account');
        const deletedAt = existing.deletedAt?.getTime() ?? 0;
        if (now.getTime() - deletedAt < reactivationWindowMs) {
          const name = (await accounts.findProfileName(existing.profileId)) ?? '';
          await queueAccountMail(site, { ...existing, name }, 'reactivation', meta.origin);
          throw new AppError('account_reactivation_sent', 'reactivation mail for a deleted account');
        }
        throw new AppError('account_unavailable', 'signup for a purged account');
      }
      // An address an account changed away from stays its owner's while the undo link lives.
      if (await tokens.isAddressHeldForUndo(site.id, input.email, now)) {
        throw new AppError('account_exists', 'address held for an undo');
      }
      // Counted before the password is scored and hashed, so that one address cannot make the server do that work
      // without end; one statement, so parallel signups cannot pass it.
      const signups = await rateLimits.hitRateLimit(
        `signup:${clientAddressKey(meta.ip)}`,
        signupsPerAddressPerHour,
        hourMs,
        now,
      );
      if (signups.over) throw new AppError('rate_limited', 'signups per address');
      // A target that has since gone (hidden, deleted) is dropped rather than failing the signup.
      const targetProfileId = input.target_profile_id
        ? await accounts.findSignupTargetProfileId(site.id, input.target_profile_id)
        : null;
      await assertStrongPassword(input.password, [input.email, input.name]);
      const passwordHash = await hashPassword(input.password);
      const country = site.settings.countries.includes(meta.country) ? meta.country : site.settings.countries[0]!;
      // The profile, the login, the link and its mail: all or nothing.
      const userId = await transaction(async () => {
        const profileId = await profiles.insertProfile({
          siteId: site.id,
          name: input.name,
          status: 'disabled',
          birthDate: input.date_of_birth,
          country,
          aboutMe: input.signup_message || null,
          aboutMeLanguage: input.signup_message ? meta.locale : null,
          createdAt: now,
          lastActiveAt: now,
        });
        const inserted = await accounts.insertUser({
          siteId: site.id,
          profileId,
          email: input.email,
          passwordHash,
          status: 'not_confirmed',
          language: meta.locale,
          tracking: input.tracking as Record<string, string>,
          signupTargetProfileId: targetProfileId,
          signupIp: meta.ip,
          signupDate: now,
        });
        // Two signups racing for one address: the unique index lets one win; the other is told to log in.
        if (!inserted.created) throw new AppError('account_exists', 'signup race for one address');
        const { user } = inserted;
        await queueAccountMail(site, { ...user, name: input.name }, 'activation', meta.origin);
        return user.id;
      });
      return { token: await deps.createSession(userId) };
    },

    /**
     * Uses an activation (or reactivation) link once; answers whether the account is now active. The login and its
     * profile become active together.
     */
    async activate(token: string, purpose: 'activation' | 'reactivation' = 'activation'): Promise<boolean> {
      if (!token || token.length > 100) return false;
      const row = await tokens.findEmailToken(hashLinkToken(token));
      const now = deps.now();
      if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt <= now) return false;
      return transaction(async () => {
        if (!(await tokens.markEmailTokenUsed(row.id, now))) return false;
        const profileId =
          purpose === 'activation'
            ? await accounts.activateUser(row.userId)
            : await accounts.reactivateUser(row.userId);
        if (profileId === null) return false;
        await profiles.setProfileStatus(profileId, 'active');
        if (purpose === 'activation') for (const listener of activationListeners) await listener(row.userId);
        await deps.revokeCachedSessions(row.userId);
        return true;
      });
    },

    /** Runs `listener` inside the transaction that confirms a new member's address (not on reactivation). */
    onAccountActivated(listener: (userId: number) => Promise<void>) {
      activationListeners.push(listener);
    },

    /** Sends the activation mail again to a member who has not confirmed yet. */
    async resendActivation(site: Site, userId: number, origin: string) {
      const user = await accounts.findUserById(userId);
      if (!user || user.siteId !== site.id) throw new AppError('authentication_required', 'no such user');
      if (user.status !== 'not_confirmed') throw new AppError('already_activated', `user ${userId} is ${user.status}`);
      const name = (await accounts.findProfileName(user.profileId)) ?? '';
      await queueAccountMail(site, { ...user, name }, 'activation', origin);
    },
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
