import { defineConfig } from 'vitest/config';
import base, { projectsOf } from './vitest.config.js';

/**
 * `npm run test:quick`, the inner loop: the unit tests and the fast
 * integration tests, no browser, in under two minutes on a two-core machine.
 * `npm test` runs everything (this too), and is what CI runs.
 *
 * Left out here, and run by `npm test`: every browser test (tests/e2e, the
 * dev overlay), the benchmark's tests, the integration tests that build
 * many sites or drive a dev server through edits, and the unit tests below,
 * which start the TypeScript compiler or TypeDoc, or measure how the cost of
 * each stage grows on megabyte inputs. A new unit test is quick unless it is
 * listed here; a new integration test is not, unless it is listed in FAST.
 */
const SLOW_UNIT = [
  'tests/unit/untrusted-stall.test.ts',
  'tests/unit/website-samples.test.ts',
  'tests/unit/content-regexes.test.ts',
  'tests/unit/samples/code-samples-stage.test.ts',
  'tests/unit/api/load-api-pages.test.ts',
  'tests/unit/samples/sample-timeout.test.ts',
  'tests/unit/samples/sample-attacks.test.ts',
  'tests/unit/samples/sample-checker.test.ts',
  'tests/unit/samples/package-layouts.test.ts',
  'tests/unit/samples/sample-environment.test.ts',
  'tests/unit/samples/magic-comment-links.test.ts',
  'tests/unit/markdown/paired-theme.test.ts',
  'tests/unit/api/extract-api.test.ts',
  'tests/unit/api/api-markdown.test.ts',
  'tests/unit/check/external-links.test.ts',
];

/** Integration tests that take seconds: the CLI, serve and dev on small sites, this repository's guides. */
const FAST = [
  'tests/integration/guides-content.test.ts',
  'tests/integration/programmatic-api.test.ts',
  'tests/integration/docs-only-mode.test.ts',
  'tests/integration/home-get-started.test.ts',
  'tests/integration/navbar-logo.test.ts',
  'tests/integration/bad-config.test.ts',
  'tests/integration/incremental-output.test.ts',
  'tests/integration/serve-cli.test.ts',
  'tests/integration/untrusted-files-serve.test.ts',
  'tests/integration/host-check.test.ts',
  'tests/integration/dev-server.test.ts',
  'tests/integration/dev-files.test.ts',
  'tests/integration/dev-cli.test.ts',
  'tests/integration/browser-skip-summary.test.ts',
  // About 1 s of test time with website/'s cache warm; 15 s the first time (highlighting grammars, social images).
  'tests/integration/website.test.ts',
];

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: projectsOf(FAST, SLOW_UNIT),
  },
});
