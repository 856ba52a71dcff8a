import type {
  accountSettingsUpdateSchema,
  changeEmailSchema,
  deleteAccountSchema,
} from '@app/shared/accounts/account-settings';
import { sessionCookieName } from '@app/shared/accounts/login';
import type { createSignupInputSchema } from '@app/shared/accounts/signup';
import type { Locale } from '@app/shared/i18n/locales';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { defineModule, type ModuleServices } from '../../lib/define-module.ts';
import { createProfilesRepository } from '../profiles/profiles.repository.ts';
import { registerAccountSettingsRoutes } from './account-settings.routes.ts';
import { type AccountSettingsService, createAccountSettingsService } from './account-settings.service.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { registerAccountsRoutes } from './accounts.routes.ts';
import { type AccountsService, createAccountsService } from './accounts.service.ts';
import { createEmailTokensRepository } from './email-tokens.repository.ts';
import type { AccountServiceDeps } from './link-mail.ts';
import { registerPasswordResetRoutes } from './password-reset.routes.ts';
import { createPasswordResetService, type PasswordResetService } from './password-reset.service.ts';
import { clearSessionCookie, registerSession, requireUser, setSessionCookie } from './session.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';
import { registerSignupRoutes } from './signup.routes.ts';
import { createSignupService, type SignupService } from './signup.service.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    accounts: {
      accounts: AccountsService;
      signup: SignupService;
      passwordReset: PasswordResetService;
      settings: AccountSettingsService;
      sessions: SessionCache;
    };
  }
  interface PageServices {
    accounts: ReturnType<typeof accountsPageServices>;
  }
}

type AccountsServices = ModuleServices['accounts'];

function accountsPageServices(
  { accounts, signup, passwordReset, settings }: AccountsServices,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const sessionToken = () => request.cookies[sessionCookieName];
  return {
    /**
     * The login form's action: the same rules as POST /api/user.php (throttling included); on success the answer
     * carries the session cookie. Throws AppError (`login_failed`, `login_blocked`).
     */
    /** The language menu's action: a member's language is kept on the account (mails, about-me language). */
    updateLanguage: async (language: Locale) => {
      if (request.user)
        await accounts.updateLanguage(request.site, request.cookies[sessionCookieName]!, request.user.id, language);
    },
    logIn: async (input: { email: string; password: string }) => {
      const { token } = await accounts.login(request.site, input, request.ip);
      setSessionCookie(request, reply, token);
    },
    /** The signup form's action: as POST /api/signup.php, the new member logged in by the answer's cookie. */
    signUp: async (input: z.output<ReturnType<typeof createSignupInputSchema>>) => {
      const { token } = await signup.signup(request.site, input, {
        ip: request.ip,
        locale: request.locale,
        origin: request.siteOrigin,
        country: request.visitorPlace.country ?? '',
      });
      setSessionCookie(request, reply, token);
    },
    /** As POST /api/activation-mail.php. Throws AppError (`already_activated`, `rate_limited`). */
    resendActivation: () => signup.resendActivation(request.site, requireUser(request).id, request.siteOrigin),
    /** As PUT /api/signup-step.php: how far the member got in /complete-signup, and the push choice. */
    updateSignupStep: (step: number, pushChoice?: 'accepted' | 'declined' | 'skipped') =>
      accounts.updateSignupStep(request.site, sessionToken()!, requireUser(request).id, step, pushChoice),
    /** As POST /api/password-reset.php. */
    requestPasswordReset: (email: string) =>
      passwordReset.requestPasswordReset(request.site, email, request.siteOrigin),
    /** As POST /api/password-reset-do.php: every session ends, and this answer logs the member in anew. */
    resetPassword: async (token: string, password: string) => {
      const session = await passwordReset.resetPassword(request.site, token, password);
      setSessionCookie(request, reply, session.token);
    },
    /** The logged-in member's settings (null for a visitor). */
    findAccountSettings: async () => (request.user ? settings.getSettings(request.user.id) : null),
    /** As PUT /api/account-settings.php. */
    updateAccountSettings: (update: z.output<typeof accountSettingsUpdateSchema>) =>
      settings.updateSettings(requireUser(request), update),
    /** As POST /api/password.php: the other sessions end. */
    changePassword: (oldPassword: string, password: string) =>
      settings.changePassword(requireUser(request), sessionToken()!, oldPassword, password),
    /** As POST /api/mail-change.php: mails a link to the new address. */
    requestEmailChange: (input: z.output<typeof changeEmailSchema>) =>
      settings.requestEmailChange(request.site, requireUser(request), input, request.siteOrigin),
    /** As POST /api/mail-change-do.php (the mailed link's confirm button). */
    confirmEmailChange: (token: string) => {
      const current = sessionToken();
      const confirmer = request.user && current ? { userId: request.user.id, sessionToken: current } : null;
      return settings.confirmEmailChange(request.site, token, request.siteOrigin, confirmer);
    },
    /** As POST /api/delete-account.php: the account is deleted and this answer ends the session. */
    deleteAccount: async (input: z.output<typeof deleteAccountSchema>) => {
      await settings.deleteAccount(request.site, requireUser(request), input, request.siteOrigin);
      clearSessionCookie(request, reply);
    },
    /** Ends the session of this request's cookie (the page /logout). */
    logOut: () => accounts.logout(sessionToken()),
    /**
     * The link of the notice to the old address (/mail-change/undo): puts it back, ends every session and answers
     * a reset link's token (null for a deleted account). Throws AppError for a used, expired or unknown link.
     */
    undoEmailChange: async (token: string) => ({
      resetToken: (await settings.undoEmailChange(request.site, token)).resetToken,
    }),
  };
}

/** Accounts: signup, activation, login and sessions, password reset, e-mail change, settings and deletion. */
export const accountsModule = defineModule({
  name: 'accounts',
  needs: ['system', 'mail', 'jobs'],
  services: async ({ work, catalogs, storage, now, events, log }, { system, mail, jobs }) => {
    const sessions = await createSessionCache({ bus: events, log });
    // Built once on the unit of work's database: inside `work.transaction` every one of them joins the transaction.
    // Each writes only its own domain's tables; the services compose them.
    const deps: AccountServiceDeps = {
      accounts: createAccountsRepository(work.db),
      tokens: createEmailTokensRepository(work.db),
      profiles: createProfilesRepository(work.db),
      rateLimits: system.rateLimits,
      transaction: work.transaction,
      mail,
      catalogs,
      now,
      revokeCachedSessions: (userId) => work.afterCommit(() => sessions.revokeUser(userId)),
    };
    const accounts = createAccountsService({ repository: deps.accounts, rateLimits: deps.rateLimits, sessions, now });
    const signup = createSignupService({ ...deps, createSession: accounts.createSession });
    const passwordReset = createPasswordResetService({ ...deps, createSession: accounts.createSession });
    const settings = createAccountSettingsService({ ...deps, signup, storage });
    // Deleted accounts may be reactivated for 14 days; then their personal data and photos go.
    jobs.define('accounts.purge-deleted', { handler: async () => void (await settings.purgeDeletedAccounts()) });
    await jobs.schedule('accounts.purge-deleted', '15 * * * *');
    return { accounts, signup, passwordReset, settings, sessions };
  },
  appHooks: (app, { accounts, sessions }) => registerSession(app, accounts, sessions),
  routes: (scope, { accounts, signup, passwordReset, settings }, { now }) => {
    registerAccountsRoutes(scope, accounts);
    registerSignupRoutes(scope, { signup, accounts, now });
    registerPasswordResetRoutes(scope, { passwordReset, accounts });
    registerAccountSettingsRoutes(scope, settings);
  },
  page: accountsPageServices,
});
