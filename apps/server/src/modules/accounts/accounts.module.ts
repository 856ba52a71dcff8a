import { sessionCookieName } from '@app/shared/accounts/login';
import type { FastifyRequest } from 'fastify';
import { transactOn } from '../../db/client.ts';
import { defineModule, type ModuleServices } from '../../lib/define-module.ts';
import { createRateLimitsRepository } from '../system/rate-limits.repository.ts';
import { registerAccountSettingsRoutes } from './account-settings.routes.ts';
import { type AccountSettingsService, createAccountSettingsService } from './account-settings.service.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { registerAccountsRoutes } from './accounts.routes.ts';
import { type AccountsService, createAccountsService } from './accounts.service.ts';
import { registerPasswordResetRoutes } from './password-reset.routes.ts';
import { createPasswordResetService, type PasswordResetService } from './password-reset.service.ts';
import { registerSession } from './session.ts';
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

function accountsPageServices({ accounts, settings }: AccountsServices, request: FastifyRequest) {
  return {
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
  needs: ['mail'],
  services: ({ work, database, catalogs, storage, now }, { mail }) => {
    const accounts = createAccountsService({
      repository: createAccountsRepository(work.db),
      rateLimits: createRateLimitsRepository(work.db),
      now,
    });
    const mailingDeps = { db: database.db, transact: transactOn(database.db), mail, catalogs, now };
    const signup = createSignupService({ ...mailingDeps, createSession: accounts.createSession });
    const passwordReset = createPasswordResetService({ ...mailingDeps, createSession: accounts.createSession });
    const settings = createAccountSettingsService({ ...mailingDeps, signup, storage });
    return { accounts, signup, passwordReset, settings };
  },
  requestHooks: (app, { accounts }) => registerSession(app, accounts),
  routes: (scope, { accounts, signup, passwordReset, settings }, { now }) => {
    registerAccountsRoutes(scope, accounts);
    registerSignupRoutes(scope, { signup, accounts, now });
    registerPasswordResetRoutes(scope, { passwordReset, accounts });
    registerAccountSettingsRoutes(scope, settings);
  },
  page: accountsPageServices,
  startWorkers: ({ settings }, { log }) => {
    const purge = setInterval(() => {
      settings.purgeDeletedAccounts().catch((error) => log.error({ err: error }, 'purge'));
    }, 3_600_000);
    purge.unref();
    return async () => clearInterval(purge);
  },
});
