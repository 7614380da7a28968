import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { sep } from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Unit test files that replace a module with `vi.mock`: each runs in a fresh process, since a module another file
 * has already loaded in a shared one would not be replaced. Found by reading the files, so a new one cannot be
 * forgotten (browser-bundle.test.ts was, and its mock of esbuild then saw no call when another file had loaded
 * esbuild first). A unit test that leaves other state behind (an environment variable, a signal handler, a global)
 * must undo it, or be listed in STATEFUL_UNIT.
 */
const STATEFUL_UNIT: string[] = [];

export const ISOLATED_UNIT = [...filesCalling('tests/unit', 'vi.mock('), ...STATEFUL_UNIT];

/** The `.test.ts` files under `dir` (repository-relative, forward slashes) whose text contains `needle`. */
function filesCalling(dir: string, needle: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => `${dir}/${name.split(sep).join('/')}`)
    .filter((file) => file.endsWith('.test.ts') && readFileSync(file, 'utf8').includes(needle))
    .sort();
}

/**
 * The suite's two projects: unit test files, sharing their worker processes (isolate: false), since each file would
 * otherwise load docsgen's modules (unified, shiki, TypeScript, TypeDoc) afresh, which cost the suite about a minute
 * of CPU; and `isolated` (these files and ISOLATED_UNIT), in a fresh process per file. `skip` leaves files out of both.
 */
export function projectsOf(isolated: string[], skip: string[] = []): TestProjectInlineConfiguration[] {
  const exclude = ['**/node_modules/**', ...skip];
  return [
    {
      extends: true,
      test: {
        name: 'unit',
        include: ['tests/unit/**/*.test.ts'],
        exclude: [...exclude, ...ISOLATED_UNIT],
        isolate: false,
      },
    },
    { extends: true, test: { name: 'isolated', include: [...isolated, ...ISOLATED_UNIT], exclude } },
  ];
}

export default defineConfig({
  test: {
    // Bounds for a hang, not for speed: a test slowed down by a busy machine (another build beside it) must still
    // pass. A test that waits for something names what it waits for, with its own bound, to fail sooner and clearly.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // At least two test files at a time (vitest's default is one fewer than the cores: one, on two): much of a file's
    // time is spent waiting for a CLI run, a dev server or a browser, whose own processes then use the other core.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    tags: [
      {
        name: 'browser',
        description:
          'needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium); skipped, and counted after the summary, when it is missing',
      },
    ],
    // After the default summary: a loud line when browser tests were skipped for want of Chromium.
    reporters: ['default', './tests/helpers/browser-skip-reporter.ts'],
    // Everything but the unit tests runs isolated: the integration tests set environment variables, run the CLI
    // in the test process, start servers and browsers.
    projects: projectsOf(['tests/!(unit)/**/*.test.ts']),
  },
});
