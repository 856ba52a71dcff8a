import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { sessionCookieName } from '@app/shared/accounts/login';
import { countryCookieName } from '@app/shared/i18n/language-menu';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { AppConfig } from './config.ts';
import { type DatabaseHandle, transactOn } from './db/client.ts';
import { type Catalogs, loadCatalogs } from './i18n/catalogs.ts';
import { scrubText, serializeError, serializeRequest } from './lib/log-redaction.ts';
import { registerAccountSettingsRoutes } from './modules/accounts/account-settings.routes.ts';
import { createAccountSettingsService } from './modules/accounts/account-settings.service.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { registerPasswordResetRoutes } from './modules/accounts/password-reset.routes.ts';
import { createPasswordResetService } from './modules/accounts/password-reset.service.ts';
import { registerSignupRoutes } from './modules/accounts/signup.routes.ts';
import { createSignupService } from './modules/accounts/signup.service.ts';
import { createDiscountCodesRepository } from './modules/credits/discount-codes.repository.ts';
import { registerDiscountCodesRoutes } from './modules/credits/discount-codes.routes.ts';
import { createDiscountCodesService } from './modules/credits/discount-codes.service.ts';
import { sharedCityIndex } from './modules/geo/city-index.ts';
import { registerGeocodeRoutes } from './modules/geo/geocode.routes.ts';
import { createMailRepository } from './modules/mail/mail.repository.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { createLocalMailboxTransport, createSmtpTransport } from './modules/mail/mail-transport.ts';
import { registerMailboxRoutes } from './modules/mail/mailbox.routes.ts';
import { createBlocksRepository } from './modules/moderation/blocks.repository.ts';
import { registerBlocksRoutes } from './modules/moderation/blocks.routes.ts';
import { createComplaintsRepository } from './modules/moderation/complaints.repository.ts';
import { registerComplaintsRoutes } from './modules/moderation/complaints.routes.ts';
import { createComplaintsService } from './modules/moderation/complaints.service.ts';
import { ensureVapidKeys } from './modules/notifications/vapid-keys.ts';
import { registerOwnProfileRoutes } from './modules/profiles/own-profile.routes.ts';
import { createOwnProfileService } from './modules/profiles/own-profile.service.ts';
import { createProfilesRepository } from './modules/profiles/profiles.repository.ts';
import { registerProfilesRoutes } from './modules/profiles/profiles.routes.ts';
import { createProfilesService } from './modules/profiles/profiles.service.ts';
import { createSearchRepository } from './modules/search/search.repository.ts';
import { registerSearchRoutes } from './modules/search/search.routes.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createCountryLocator } from './modules/sites/geoip.ts';
import { createSitesRepository } from './modules/sites/sites.repository.ts';
import { registerSitesRoutes } from './modules/sites/sites.routes.ts';
import { createSitesService } from './modules/sites/sites.service.ts';
import { createIdempotencyRepository } from './modules/system/idempotency.repository.ts';
import { createRateLimitsRepository } from './modules/system/rate-limits.repository.ts';
import { createSecretsRepository } from './modules/system/secrets.repository.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { registerCsrfGuard } from './plugins/csrf.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { pageNonce, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSession } from './plugins/session.ts';
import { registerSiteContext } from './plugins/site-context.ts';
import { registerWeb } from './plugins/web.ts';
import { createLocalStorage } from './storage/local-storage.ts';
import type { Storage } from './storage/storage.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  storage?: Storage;
  catalogs?: Catalogs;
  /** The server's clock; tests move it. */
  now?: () => Date;
  /** Run the outbox worker (main.ts does; tests drain the outbox themselves). */
  startWorkers?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work, callable directly (tests, `npm run worker`). */
    jobs: { sendDueMails(): Promise<number>; purgeDeletedAccounts(): Promise<number> };
  }
}

/** The server log: no cookies, query values, client addresses, query parameters or hashes (lib/log-redaction.ts). */
export function logOptions(level: string): FastifyLoggerOptions & LoggerOptions {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: { err: serializeError, req: serializeRequest },
    // A log message is often an error's message (Fastify logs those of answers it sends itself).
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as typeof args);
      },
    },
  };
}

/** Trusts the nearest `hops` proxies (Fastify's types take no hop count, its runtime does the same with a function). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole application without listening; main.ts listens, tests call `app.inject()`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const catalogs = options.catalogs ?? loadCatalogs();
  const storage = options.storage ?? createLocalStorage(join(config.dataDir, 'uploads'));

  const app = Fastify({
    logger: logOptions(config.logLevel),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('apiRoutes', []);

  const vapidKeys = await ensureVapidKeys(createSecretsRepository(database.db), config.vapidKeys);
  const sites = createSitesService({
    repository: createSitesRepository(database.db),
    catalogs,
    pushPublicKey: vapidKeys.publicKey,
  });
  const profilesRepository = createProfilesRepository(database.db);
  const profiles = createProfilesService({ repository: profilesRepository, storage, now });
  const search = createSearchService({
    repository: createSearchRepository(database.db),
    now,
    countCacheMs: config.searchCountCacheSeconds * 1000,
  });
  const ownProfile = createOwnProfileService({ repository: profilesRepository, storage, now });
  const rateLimits = createRateLimitsRepository(database.db);
  const accounts = createAccountsService({ repository: createAccountsRepository(database.db), rateLimits, now });
  const mailRepository = createMailRepository(database.db);
  const mail = createMailService({
    repository: mailRepository,
    transport: config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createLocalMailboxTransport(mailRepository),
    now,
    log: app.log,
  });
  // What the services that mail links to members share.
  const mailingDeps = { db: database.db, transact: transactOn(database.db), mail, catalogs, now };
  const signup = createSignupService({ ...mailingDeps, createSession: accounts.createSession });
  const passwordReset = createPasswordResetService({ ...mailingDeps, createSession: accounts.createSession });
  const accountSettings = createAccountSettingsService({ ...mailingDeps, signup, storage });
  app.decorate('jobs', {
    sendDueMails: () => mail.sendDueMails(),
    purgeDeletedAccounts: () => accountSettings.purgeDeletedAccounts(),
  });
  if (options.startWorkers) {
    const stopWorker = mail.startWorker();
    const purge = setInterval(() => {
      accountSettings.purgeDeletedAccounts().catch((error) => app.log.error({ err: error }, 'purge'));
      idempotency
        .deleteKeysBefore(new Date(now().getTime() - 24 * 3_600_000))
        .catch((error) => app.log.error({ err: error }, 'idempotency cleanup'));
      rateLimits
        .deleteRateLimitsBefore(new Date(now().getTime() - 24 * 3_600_000))
        .catch((error) => app.log.error({ err: error }, 'rate limit cleanup'));
    }, 3_600_000);
    purge.unref();
    app.addHook('onClose', async () => {
      clearInterval(purge);
      await stopWorker();
    });
  }
  const discountCodes = createDiscountCodesService({
    repository: createDiscountCodesRepository(database.db),
    findDeleteDiscount: async (site) => (await sites.getCompanyInfo(site)).delete_discount,
    now,
  });
  const complaints = createComplaintsService({ repository: createComplaintsRepository(database.db), now });

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { threshold: 1024 });
  registerErrorHandling(app, catalogs);
  registerSiteContext(app, { config, sites, catalogs, countries: createCountryLocator() });
  registerSession(app, accounts);
  const idempotency = createIdempotencyRepository(database.db);
  registerIdempotency(app, { repository: idempotency, now });

  registerCsrfGuard(app);
  registerSecurityHeaders(app, { config });

  registerSystemRoutes(app, database);
  registerSitesRoutes(app, sites);
  registerGeocodeRoutes(app, sharedCityIndex);
  registerProfilesRoutes(app, profiles);
  registerOwnProfileRoutes(app, ownProfile);
  registerSearchRoutes(app, search);
  registerBlocksRoutes(app, { repository: createBlocksRepository(database.db), now });
  registerComplaintsRoutes(app, complaints);
  registerAccountsRoutes(app, accounts);
  registerSignupRoutes(app, { signup, accounts, now });
  registerPasswordResetRoutes(app, { passwordReset, accounts });
  registerAccountSettingsRoutes(app, accountSettings);
  registerDiscountCodesRoutes(app, discountCodes);
  if (mail.transportKind === 'local') registerMailboxRoutes(app, mail);

  if (config.serveWeb) {
    await registerWeb(app, {
      config,
      createContext: async (request) => {
        const settings = sites.getSettings(request.site, request.locale, request.visitorPlace);
        const chosenCountry = request.cookies[countryCookieName];
        const dismissedAt = Number(request.cookies.entry_warning_dismissed);
        return {
          siteId: request.site.id,
          cspNonce: pageNonce(request),
          siteOrigin: request.siteOrigin,
          logError: (error) => request.log.error({ err: error }, 'page error'),
          locale: request.locale,
          messages: catalogs.messages(request.locale),
          settings,
          company: await sites.getCompanyInfo(request.site),
          visitorCountry: settings.geoip_country,
          chosenCountry: chosenCountry && /^[A-Z]{2}$/.test(chosenCountry) ? chosenCountry : null,
          entryWarningDismissedAt: Number.isFinite(dismissedAt) && dismissedAt > 0 ? dismissedAt : null,
          user: request.user,
          services: {
            findShowcaseMembers: (limit) => profiles.findShowcaseMembers(request.site, limit),
            findAccountSettings: async () => (request.user ? accountSettings.getSettings(request.user.id) : null),
            findMember: (id) => profiles.findMember(request.site, request.user, id),
            searchMembers: (query) => search.searchMembers(request.site, request.user, query),
            findOwnProfile: async () => (request.user ? ownProfile.findOwnProfile(request.user) : null),
            findSignupMatches: async (limit) =>
              request.user
                ? profiles.findShowcaseMembers(request.site, limit, await ownProfile.signupMatchFilter(request.user))
                : [],
            logOut: () => accounts.logout(request.cookies[sessionCookieName]),
            undoEmailChange: async (token) => ({
              resetToken: (await accountSettings.undoEmailChange(request.site, token)).resetToken,
            }),
          },
        };
      },
    });
  }
  return app;
}
