import { sessionCookieName } from '@app/shared/accounts/login';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { registerSession, setSessionCookie } from './session.ts';
import { registerSignupRoutes } from './signup.routes.ts';
import { createSignupService, type SignupService } from './signup.service.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    accounts: {
      accounts: AccountsService;
      signup: SignupService;
      passwordReset: PasswordResetService;
      settings: AccountSettingsService;
    };
  }
  interface PageServices {
    accounts: ReturnType<typeof accountsPageServices>;
  }
}

type AccountsServices = ModuleServices['accounts'];

function accountsPageServices({ accounts, settings }: AccountsServices, request: FastifyRequest, reply: FastifyReply) {
  return {
    /**
     * The login form's action: the same rules as POST /api/user.php (throttling included); on success the answer
     * carries the session cookie. Throws AppError (`login_failed`, `login_blocked`).
     */
    logIn: async (input: { email: string; password: string }) => {
      const { token } = await accounts.login(request.site, input, request.ip);
      setSessionCookie(request, reply, token);
    },
    /** The logged-in member's settings (null for a visitor). */
    findAccountSettings: async () => (request.user ? settings.getSettings(request.user.id) : null),
    /** Ends the session of this request's cookie (the page /logout). */
    logOut: () => accounts.logout(request.cookies[sessionCookieName]),
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
  services: async ({ work, catalogs, storage, now }, { system, mail, jobs }) => {
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
    };
    const accounts = createAccountsService({ repository: deps.accounts, rateLimits: deps.rateLimits, now });
    const signup = createSignupService({ ...deps, createSession: accounts.createSession });
    const passwordReset = createPasswordResetService({ ...deps, createSession: accounts.createSession });
    const settings = createAccountSettingsService({ ...deps, signup, storage });
    // Deleted accounts may be reactivated for 14 days; then their personal data and photos go.
    jobs.define('accounts.purge-deleted', { handler: async () => void (await settings.purgeDeletedAccounts()) });
    await jobs.schedule('accounts.purge-deleted', '15 * * * *');
    return { accounts, signup, passwordReset, settings };
  },
  appHooks: (app, { accounts }) => registerSession(app, accounts),
  routes: (scope, { accounts, signup, passwordReset, settings }, { now }) => {
    registerAccountsRoutes(scope, accounts);
    registerSignupRoutes(scope, { signup, accounts, now });
    registerPasswordResetRoutes(scope, { passwordReset, accounts });
    registerAccountSettingsRoutes(scope, settings);
  },
  page: accountsPageServices,
});
