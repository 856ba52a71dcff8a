import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { startTestRedisServer, type TestRedisServer } from './redis-server.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface TwoAppInstances {
  /** The first instance, with the test database. */
  t: TestApp;
  /** A second instance on the same database and Redis, as a second process of the site sees them. */
  second: FastifyInstance;
  close(): Promise<void>;
}

/** As in production: two app instances on one database and one Redis (a real one on loopback). */
export async function startTwoAppInstances(options: {
  profiles: number;
  config: Partial<AppConfig>;
}): Promise<TwoAppInstances> {
  const redis: TestRedisServer = await startTestRedisServer();
  const t = await createTestApp({ profiles: options.profiles, config: { ...options.config, redisUrl: redis.url } });
  const second = await buildApp({ config: t.config, database: t.database, storage: t.storage });
  await second.ready();
  return {
    t,
    second,
    async close() {
      await second.close();
      await t.close();
      await redis.stop();
    },
  };
}
