import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    tags: [{ name: 'browser', description: 'needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium); skipped, and counted after the summary, when it is missing' }],
    // After the default summary: a loud line when browser tests were skipped for want of Chromium.
    reporters: ['default', './tests/helpers/browser-skip-reporter.ts'],
  },
});
