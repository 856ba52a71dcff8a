import { resolve } from 'node:path';
import { z } from 'zod';

const wholeNumber = (fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .optional()
    .transform((value) => value ?? fallback);
const optionalText = z
  .string()
  .optional()
  .transform((value) => value || undefined);
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', ''], 'must be true or false')
    .optional()
    .transform((value) => (value ? value === 'true' : fallback));

/** `TRUST_PROXY`: false, a hop count (`true` means the one load balancer in front), or a list of proxy addresses. */
const trustProxySchema = z
  .string()
  .optional()
  .transform((value, context): false | number | string[] => {
    if (value === undefined || value === '' || value === 'false') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const addresses = value.split(',').map((part) => part.trim());
    if (addresses.every((part) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(part))) return addresses;
    context.addIssue({
      code: 'custom',
      message: 'must be false, a number of proxy hops, or a comma-separated list of proxy addresses',
    });
    return z.NEVER;
  });

/** The environment the server reads, all of it, once at start (README: Configuration). */
const environmentSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: wholeNumber(3000),
  HOST: optionalText,
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent', '']).optional(),
  FORCED_DOMAIN: optionalText,
  SEED_PROFILES: wholeNumber(500),
  DEMO_DATA: flag(false),
  SERVE_WEB: flag(true),
  COMPRESS_RESPONSES: flag(true),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  SEARCH_COUNT_CACHE_SECONDS: z.string().regex(/^\d+$/, 'must be a whole number').optional(),
  SEARCH_PAGE_CACHE_SECONDS: z.string().regex(/^\d+$/, 'must be a whole number').optional(),
  BADGE_COUNT_CACHE_SECONDS: z.string().regex(/^\d+$/, 'must be a whole number').optional(),
  VISITOR_PAGE_CACHE_SECONDS: z.string().regex(/^\d+$/, 'must be a whole number').optional(),
  TRUST_PROXY: trustProxySchema,
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  // Push services besides the browsers' own, as `host` or `host:port` (a local stand-in); the server posts to them.
  PUSH_SERVICE_HOSTS: optionalText.pipe(
    z
      .string()
      .transform((value) => value.split(',').map((part) => part.trim().toLowerCase()))
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:]+\](:\d{1,5})?$/,
              'must list host or host:port entries, comma-separated',
            ),
        ),
      )
      .optional(),
  ),
  MOLLIE_API_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(test|live)_[A-Za-z0-9]{20,}$/, 'must be a Mollie API key, starting with test_ or live_')
      .optional(),
  ),
  // The official client speaks only HTTPS.
  MOLLIE_API_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https$/ }).optional()),
  NOTIFICATION_MAIL_WAIT_SECONDS: wholeNumber(120),
  MAIL_EVENTS_SECRET: optionalText.pipe(z.string().min(24, 'must be at least 24 characters').optional()),
  GIPHY_API_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{16,64}$/, 'must be a GIPHY API key (letters and digits)')
      .optional(),
  ),
  // Plain HTTP only on this machine (a local stand-in); GIPHY itself is reached over HTTPS.
  GIPHY_API_ENDPOINT: optionalText.pipe(
    z
      .url({ protocol: /^https?$/ })
      .refine(
        (value) => value.startsWith('https:') || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(value),
        'must use https (http only on localhost)',
      )
      .optional(),
  ),
});

export interface AppConfig {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** Where PGlite data and local uploads live. */
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl: string | undefined;
  logLevel: string;
  /** Development only: answer every request as this site's host. */
  forcedDomain: string | undefined;
  /** Number of demo member profiles seeded into an empty database. */
  seedProfiles: number;
  /** Whether demo data may be created: always on the embedded database, on PostgreSQL only with DEMO_DATA=true. */
  demoData: boolean;
  /** Whether the server renders pages (off for API-only tests). */
  serveWeb: boolean;
  /** Whether the server compresses its answers; off when a proxy in front does it. */
  compressResponses: boolean;
  /** SMTP server for mail; without it mail goes to the local mailbox at /dev/mailbox. */
  smtpUrl: string | undefined;
  /** Redis for the event bus between the app's processes; without it the bus stays inside this one process. */
  redisUrl: string | undefined;
  /** How long a search total is reused; 0 counts every time (tests). */
  searchCountCacheSeconds: number;
  /**
   * How long a search page shared by all viewers, a viewer's hidden profiles (decision 017) and a member's given likes
   * (modules/likes/given-likes-cache.ts) are reused.
   */
  searchPageCacheSeconds: number;
  /** How long a member's badge counts (new likes, unread messages) are kept at most (0: read on every page). */
  badgeCountCacheSeconds: number;
  /** How long a page without script rendered for visitors is shared by those who would get the same (decision 024). */
  visitorPageCacheSeconds: number;
  /**
   * Which proxies may tell the client's address in X-Forwarded-For: none, a number of hops, or their addresses
   * (IPs or CIDR ranges). Never "all": a client could then choose its own address.
   */
  trustProxy: false | number | string[];
  /** Web-push keys from the environment; without them the server generates a pair once and keeps it. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Push service hosts (`host` or `host:port`) allowed besides the browsers' own (`knownPushServiceHosts`). */
  pushServiceHosts: string[];
  /**
   * A certificate (PEM) the push sender trusts instead of the public authorities: tests only, for the local push
   * service stand-in; never read from the environment.
   */
  pushServiceCertificate: string | undefined;
  /** Mollie takes the payments when its API key is set; without it the built-in sandbox does. */
  mollie: { apiKey: string; apiEndpoint: string | undefined } | undefined;
  /**
   * How long the mail about new messages and likes waits for more after the first (one mail for several), and for
   * the member to come back and read them (none then).
   */
  notificationMailWaitSeconds: number;
  /**
   * The bearer secret the mail provider's delivery events (bounces, complaints) carry to POST /api/mail-events.php;
   * without it that call answers 404.
   */
  mailEventsSecret: string | undefined;
  /** The GIF search asks GIPHY when its API key is set; without it, it searches the GIFs shipped with the project. */
  giphy: { apiKey: string; endpoint: string } | undefined;
}

const giphyEndpoint = 'https://api.giphy.com/v1/';

/**
 * Reads the environment through one schema; the only place that reads `process.env`. A bad value stops the start
 * with a message that names the variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable counts as unset (`PORT= npm start`).
  const parsed = environmentSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const mode = e.NODE_ENV === 'production' ? 'production' : e.NODE_ENV === 'test' ? 'test' : 'development';
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  }
  if (e.MOLLIE_API_ENDPOINT && !e.MOLLIE_API_KEY) {
    throw new Error('Invalid configuration: MOLLIE_API_ENDPOINT is used only with MOLLIE_API_KEY');
  }
  if (e.GIPHY_API_ENDPOINT && !e.GIPHY_API_KEY) {
    throw new Error('Invalid configuration: GIPHY_API_ENDPOINT is used only with GIPHY_API_KEY');
  }
  return {
    env: mode,
    port: e.PORT,
    host: e.HOST ?? 'localhost',
    dataDir: resolve(e.DATA_DIR ?? 'data'),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL || (mode === 'test' ? 'silent' : 'info'),
    forcedDomain: mode === 'production' ? undefined : e.FORCED_DOMAIN,
    seedProfiles: e.SEED_PROFILES,
    demoData: !e.DATABASE_URL || e.DEMO_DATA,
    serveWeb: e.SERVE_WEB,
    compressResponses: e.COMPRESS_RESPONSES,
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    searchCountCacheSeconds:
      e.SEARCH_COUNT_CACHE_SECONDS === undefined ? (mode === 'test' ? 0 : 120) : Number(e.SEARCH_COUNT_CACHE_SECONDS),
    searchPageCacheSeconds:
      e.SEARCH_PAGE_CACHE_SECONDS === undefined ? (mode === 'test' ? 0 : 10) : Number(e.SEARCH_PAGE_CACHE_SECONDS),
    badgeCountCacheSeconds:
      e.BADGE_COUNT_CACHE_SECONDS === undefined ? (mode === 'test' ? 0 : 15) : Number(e.BADGE_COUNT_CACHE_SECONDS),
    visitorPageCacheSeconds:
      e.VISITOR_PAGE_CACHE_SECONDS === undefined ? (mode === 'test' ? 0 : 10) : Number(e.VISITOR_PAGE_CACHE_SECONDS),
    trustProxy: e.TRUST_PROXY,
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    pushServiceHosts: e.PUSH_SERVICE_HOSTS ?? [],
    pushServiceCertificate: undefined,
    mollie: e.MOLLIE_API_KEY ? { apiKey: e.MOLLIE_API_KEY, apiEndpoint: e.MOLLIE_API_ENDPOINT } : undefined,
    notificationMailWaitSeconds: e.NOTIFICATION_MAIL_WAIT_SECONDS,
    mailEventsSecret: e.MAIL_EVENTS_SECRET,
    giphy: e.GIPHY_API_KEY
      ? {
          apiKey: e.GIPHY_API_KEY,
          // Paths are joined onto it: it always ends with a slash.
          endpoint: (e.GIPHY_API_ENDPOINT ?? giphyEndpoint).replace(/\/?$/, '/'),
        }
      : undefined,
  };
}
