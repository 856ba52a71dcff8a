import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3999);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'e2e-data-'));

export const chromiumAvailable = existsSync(chromium);

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON }]] : 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium' }, testMatch: /.*\.phone\.spec\.ts/ },
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 }, browserName: 'chromium' },
      testMatch: /.*\.spec\.ts/,
      testIgnore: /.*\.phone\.spec\.ts/,
    },
  ],
  webServer: {
    // It loads the sources `npm run build` stripped of their types, as `npm start` does (decision 032).
    command:
      'node e2e/support/prepare-data.ts && node --import=./apps/server/start/use-stripped-sources.mjs apps/server/src/main.ts',
    cwd: '..',
    url: `http://localhost:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      SEED_PROFILES: process.env.E2E_SEED_PROFILES ?? '40',
      LOG_LEVEL: 'warn',
      // The mail about new messages waits a second, not two minutes (notification-mails journey).
      NOTIFICATION_MAIL_WAIT_SECONDS: '1',
      // The test runner stands where a load balancer would: on this machine, in front of the server. A test that
      // names its own client address in X-Forwarded-For (support/fixtures.ts, `clientAddress`) is then counted as
      // that client, so the per-address limits (5 signups an hour) count each test alone. A request without the
      // header stays loopback; the mailbox answers only this machine, so it refuses a request that names another.
      TRUST_PROXY: '127.0.0.1,::1',
    },
  },
});
