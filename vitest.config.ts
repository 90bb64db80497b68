import { playwright } from '@vitest/browser-playwright';
import { configDefaults, defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/fixtures/chromium.ts';

/** Component tests: rendered in the system Chromium rather than in Node (decision 083). */
const COMPONENT_TESTS = 'src/web/**/*.browser.test.tsx';

export default defineConfig({
  test: {
    // database tests open files and servers; two workers fit the 2-core machines
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.{ts,tsx}', 'demo/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, COMPONENT_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: [COMPONENT_TESTS],
          browser: {
            enabled: true,
            headless: true,
            // the one Chromium the journeys use, with their flags: nothing is downloaded
            provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
