import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createUnitOfWork } from './db/unit-of-work.ts';
import { type Catalogs, loadCatalogs } from './i18n/catalogs.ts';
import type { ModuleContext } from './lib/define-module.ts';

/** Every module's page services: the web app's loaders and actions reach the server only through these. */
export type { PageServices } from './lib/define-module.ts';

import { scrubText, serializeError, serializeRequest } from './lib/log-redaction.ts';
import { accountsModule } from './modules/accounts/accounts.module.ts';
import { creditsModule } from './modules/credits/credits.module.ts';
import { geoModule } from './modules/geo/geo.module.ts';
import { mailModule } from './modules/mail/mail.module.ts';
import { moderationModule } from './modules/moderation/moderation.module.ts';
import { notificationsModule } from './modules/notifications/notifications.module.ts';
import { profilesModule } from './modules/profiles/profiles.module.ts';
import { searchModule } from './modules/search/search.module.ts';
import { sitesModule } from './modules/sites/sites.module.ts';
import { systemModule } from './modules/system/system.module.ts';
import { registerCsrfGuard } from './plugins/csrf.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';
import { createLocalStorage } from './storage/local-storage.ts';
import type { Storage } from './storage/storage.ts';

/** The domains, in the order they start: a module comes after the modules it needs. */
const modules = [
  systemModule,
  notificationsModule,
  sitesModule,
  mailModule,
  accountsModule,
  geoModule,
  profilesModule,
  searchModule,
  moderationModule,
  creditsModule,
];

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  storage?: Storage;
  catalogs?: Catalogs;
  /** The server's clock; tests move it. */
  now?: () => Date;
  /** Run background work (main.ts does; tests run it themselves). */
  startWorkers?: boolean;
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
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole application without listening; main.ts listens, tests call `app.inject()`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: logOptions(config.logLevel),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const context: ModuleContext = {
    config,
    database,
    work: createUnitOfWork(database.db),
    storage: options.storage ?? createLocalStorage(join(config.dataDir, 'uploads')),
    catalogs: options.catalogs ?? loadCatalogs(),
    now: options.now ?? (() => new Date()),
    log: app.log,
    startWorkers: options.startWorkers ?? false,
  };
  app.decorate('apiRoutes', []);
  app.decorate('services', {} as FastifyInstance['services']);
  app.decorate('pageServiceFactories', {});

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { threshold: 1024 });
  registerErrorHandling(app, context.catalogs);
  for (const module of modules) await app.register(module, context);
  // After the modules' request hooks: a refusal names the site's language, like every other error.
  registerCsrfGuard(app);
  registerSecurityHeaders(app, { config });
  if (config.serveWeb) await registerWeb(app, { config, catalogs: context.catalogs });
  return app;
}
