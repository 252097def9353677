import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumContextOptions, chromiumLaunchOptions } from '../scripts/chromium.mjs';

/**
 * End-to-end journeys in Chromium (the one scripts/find-chromium.mjs finds; a Playwright browser
 * download is not possible on these machines). The server under test is the production build
 * (`pnpm start`'s server) on a fresh embedded PGlite database in a temp folder, migrated and
 * seeded on start, so every run begins from the same demo data. OTP mails land in
 * `<dataDir>/outbox`, where the tests read them.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'vetted-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_BASE_URL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        // Animations off (scripts/chromium.mjs): assertions see settled UI, not a transition.
        ...chromiumContextOptions,
      },
    },
  ],
  webServer: {
    command: 'node ../apps/api/dist/server.js',
    url: `http://localhost:${port}/v1/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // No load shedding: a busy test machine lags the server's event loop.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      // `PUT /v1/test/clock` (customer-loop.spec.ts moves the server clock days ahead
      // to start a job and to cancel inside 24 h; it puts the clock back when done).
      TEST_CLOCK: '1',
      // Access tokens for 14 days instead of 15 min: that spec also moves the BROWSER clock days
      // ahead (pages decide "Start job" and "Reschedule" from Date.now()), and the session
      // cookie's Max-Age is `expiresIn − browser now − 5 min` (spec §9), so with 15-min tokens
      // a browser running days ahead drops its session at the first refresh.
      ACCESS_TOKEN_TTL_S: String(14 * 24 * 3600),
      WEB_DIST: resolve(import.meta.dirname, '../apps/web/dist'),
    },
  },
});
