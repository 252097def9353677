// Storybook test-runner in Debian's Chromium (see /work/shared/RECIPES.md).
import { getJestConfig } from '@storybook/test-runner';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

const base = getJestConfig();

export default {
  ...base,
  // The first story of each worker pays for Storybook's cold start on a shared 2-core box.
  testTimeout: 30_000,
  testEnvironmentOptions: {
    'jest-playwright': {
      ...base.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: chromiumLaunchOptions,
    },
  },
};
