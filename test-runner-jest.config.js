// Storybook test-runner in the Chromium scripts/find-chromium.mjs finds (CHROMIUM_PATH, system, packaged).
import { getJestConfig } from '@storybook/test-runner';
import { chromiumContextOptions, chromiumLaunchOptions } from './scripts/chromium.mjs';

const base = getJestConfig();

export default {
  ...base,
  // A budget per story, not a retry: render + play, axe twice, two screenshots compared with
  // their baselines (PNG decode + pixelmatch in the worker) and the focus check in both themes.
  // The first story of each file also pays for loading the preview. Measured with one core
  // busy-looping on a shared 2-core box (`pnpm test:stress`): up to ~30 s (Gallery Default).
  testTimeout: 60_000,
  testEnvironmentOptions: {
    'jest-playwright': {
      ...base.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: chromiumLaunchOptions,
      // Reduced motion from the first page load (test-runner.ts emulates it again per story).
      contextOptions: chromiumContextOptions,
    },
  },
};
