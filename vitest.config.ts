import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Bounds for a hang, not for speed: a test slowed down by a busy machine (another build beside it) must still
    // pass. A test that waits for something names what it waits for, with its own bound, to fail sooner and clearly.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // At least two test files at a time (vitest's default is one fewer than the cores: one, on two): much of a file's
    // time is spent waiting for a CLI run, a dev server or a browser, whose own processes then use the other core.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    tags: [{ name: 'browser', description: 'needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium); skipped, and counted after the summary, when it is missing' }],
    // After the default summary: a loud line when browser tests were skipped for want of Chromium.
    reporters: ['default', './tests/helpers/browser-skip-reporter.ts'],
  },
});
