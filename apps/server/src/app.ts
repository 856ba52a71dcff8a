import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import pino from 'pino';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createUnitOfWork } from './db/unit-of-work.ts';
import { createLocalEventBus, type EventBus } from './events/event-bus.ts';
import { createMemberEventLog } from './events/member-event-log.ts';
import { createMemberEventsRepository } from './events/member-events.repository.ts';
import { type Catalogs, loadCatalogs } from './i18n/catalogs.ts';
import { createBatchedLogStream, type LogDestination } from './lib/batched-log-stream.ts';
import { trustHops } from './lib/client-address.ts';
import type { ModuleContext } from './lib/define-module.ts';
import { chooseServerResponse } from './lib/joined-head-response.ts';
import { createRequestIds, createRequestLogger, logOptions, RequestLogController } from './lib/log-redaction.ts';
import { accountsModule } from './modules/accounts/accounts.module.ts';
import { chatModule } from './modules/chat/chat.module.ts';
import { creditsModule } from './modules/credits/credits.module.ts';
import { geoModule } from './modules/geo/geo.module.ts';
import { jobsModule } from './modules/jobs/jobs.module.ts';
import { likesModule } from './modules/likes/likes.module.ts';
import { mailModule } from './modules/mail/mail.module.ts';
import { moderationModule } from './modules/moderation/moderation.module.ts';
import { notificationMailsModule } from './modules/notifications/notification-mails.module.ts';
import { notificationsModule } from './modules/notifications/notifications.module.ts';
import { notificationsFeedModule } from './modules/notifications-feed/notifications-feed.module.ts';
import { profilesModule } from './modules/profiles/profiles.module.ts';
import { realtimeModule } from './modules/realtime/realtime.module.ts';
import { searchModule } from './modules/search/search.module.ts';
import { sitesModule } from './modules/sites/sites.module.ts';
import { smsModule } from './modules/sms/sms.module.ts';
import { systemModule } from './modules/system/system.module.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerApiInput } from './plugins/api-input.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerCsrfGuard } from './plugins/csrf.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerMessageFiles } from './plugins/message-files.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';
import { createLocalStorage } from './storage/local-storage.ts';
import type { Storage } from './storage/storage.ts';

export type { PageServices } from './lib/define-module.ts'; // from here, the web app's type check sees every module

/** The domains, in the order they start: a module comes after the modules it needs. */
const modules = [
  jobsModule,
  systemModule,
  sitesModule,
  mailModule,
  smsModule,
  accountsModule,
  geoModule,
  // Search before profiles: the showcases take the viewer's hidden profiles from it.
  searchModule,
  profilesModule,
  moderationModule,
  creditsModule,
  likesModule,
  chatModule,
  notificationsFeedModule,
  notificationMailsModule,
  notificationsModule,
  realtimeModule,
];

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  storage?: Storage;
  catalogs?: Catalogs;
  /** The server's clock; tests move it. */
  now?: () => Date;
  /** The bus between processes; by default Redis when `REDIS_URL` is set, else in process (closed with the app). */
  events?: EventBus;
  /** Run background work (main.ts does; tests run it themselves). */
  startWorkers?: boolean;
  /** Sees every route as it is registered, with its schemas (tests list the API calls with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** Standard output, written in the background from blocks of bytes (SonicBoom in buffer mode). */
function openLogDestination(): LogDestination {
  const destination = pino.destination({ dest: 1, sync: false, contentMode: 'buffer' });
  return {
    // In buffer mode SonicBoom takes bytes; its types know only its text mode.
    write: (block) => destination.write(block as unknown as string),
    flush: () => destination.flush(),
    flushSync: () => destination.flushSync(),
  };
}

/** Builds the whole application without listening; main.ts listens, tests call `app.inject()`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // In production the log is written in the background, in blocks of 16 KB or every second, whichever comes first
  // (a syscall per line cost 5% of a busy server); development and tests see each line at once.
  const logStream = config.env === 'production' ? createBatchedLogStream(openLogDestination()) : null;
  const app = Fastify({
    logger: { ...logOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    logController: new RequestLogController(),
    childLoggerFactory: createRequestLogger,
    genReqId: createRequestIds(),
    requestIdHeader: false,
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1_048_576,
    // A byte body of up to 4 KB goes out in one write with its head (decision 037).
    http: { ServerResponse: chooseServerResponse() },
    // A page's message file names its namespaces (`/locales/<version>/nl/activation+common+….json`): the layout's
    // alone passed Fastify's default of 100 characters for a path parameter.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1_000 },
  });
  const events =
    options.events ?? (config.redisUrl ? await connectRedisEventBus(config.redisUrl, app.log) : createLocalEventBus());
  if (!options.events) app.addHook('onClose', () => events.close());
  const work = createUnitOfWork(database.db);
  const context: ModuleContext = {
    config,
    database,
    work,
    storage: options.storage ?? createLocalStorage(join(config.dataDir, 'uploads')),
    events,
    memberEvents: createMemberEventLog({
      repository: createMemberEventsRepository(work.db),
      work,
      bus: events,
      log: app.log,
    }),
    catalogs: options.catalogs ?? loadCatalogs(),
    now: options.now ?? (() => new Date()),
    log: app.log,
    startWorkers: options.startWorkers ?? false,
  };
  if (logStream) {
    const flushing = setInterval(() => logStream.flush(), 1_000);
    flushing.unref();
    // A process that ends without closing the app (a crash) still writes what it logged last.
    const flushAtExit = () => logStream.flushSync();
    process.on('exit', flushAtExit);
    app.addHook('onClose', () => {
      clearInterval(flushing);
      process.off('exit', flushAtExit);
      // Lines logged after this (the hooks that close later, the shutdown) go out one by one.
      logStream.close();
    });
  }
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorate('services', {} as FastifyInstance['services']);
  app.decorate('pageServiceFactories', {});
  await app.register(fastifyCookie);
  registerCompression(app, { compressResponses: config.compressResponses });
  registerErrorHandling(app, context.catalogs);
  registerApiInput(app);
  await registerApiDocs(app);
  // Before the modules, to see their routes as they are registered.
  registerCsrfGuard(app);
  for (const module of modules) await app.register(module, context);
  registerSecurityHeaders(app, { config });
  // The pages' message files need no web build, so they answer with or without pages.
  registerMessageFiles(app, context.catalogs);
  if (config.serveWeb) await registerWeb(app, { config, catalogs: context.catalogs });
  return app;
}

/** Redis's client (ioredis) is imported only by a process configured for a bus across processes. */
async function connectRedisEventBus(url: string, log: FastifyInstance['log']): Promise<EventBus> {
  const { createRedisEventBus } = await import('./events/redis-event-bus.ts');
  return createRedisEventBus(url, log);
}
