import { resolve } from 'node:path';

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
  /** Whether the server renders pages (off for API-only tests). */
  serveWeb: boolean;
  /** SMTP server for mail; without it mail goes to the local mailbox at /dev/mailbox. */
  smtpUrl: string | undefined;
  /** How long a search total is reused; 0 counts every time (tests). */
  searchCountCacheSeconds: number;
  /**
   * Which proxies may tell the client's address in X-Forwarded-For: none, a number of hops, or their addresses
   * (IPs or CIDR ranges). Never "all": a client could then choose its own address.
   */
  trustProxy: false | number | string[];
}

/** `TRUST_PROXY`: false, a hop count (`true` means the one load balancer in front), or a list of proxy addresses. */
function readTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value.split(',').map((part) => part.trim());
  if (addresses.every((part) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(part))) return addresses;
  throw new Error(
    `TRUST_PROXY must be false, a number of proxy hops, or a comma-separated list of proxy addresses, got "${value}"`,
  );
}

function readInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  return {
    env: mode,
    port: readInt(env.PORT, 3000, 'PORT'),
    host: env.HOST || 'localhost',
    dataDir: resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'silent' : 'info'),
    forcedDomain: mode === 'production' ? undefined : env.FORCED_DOMAIN || undefined,
    seedProfiles: readInt(env.SEED_PROFILES, 500, 'SEED_PROFILES'),
    serveWeb: env.SERVE_WEB !== 'false',
    smtpUrl: env.SMTP_URL || undefined,
    searchCountCacheSeconds: readInt(
      env.SEARCH_COUNT_CACHE_SECONDS,
      mode === 'test' ? 0 : 120,
      'SEARCH_COUNT_CACHE_SECONDS',
    ),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
  };
}
