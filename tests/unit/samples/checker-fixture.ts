/**
 * Sites for the checker's tests. The checker reads packages only from
 * `<root>/node_modules` when their real path stays inside it, so a temp
 * root outside the repository whose node_modules links into the repository
 * would see no package at all. The tests that need the real library
 * therefore use this repository as the site root, with virtual pages (the
 * checker never writes them) and setup files in tests/fixtures/samples.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ApiTarget } from '../../../cli/api-model.js';
import { getTargetHref } from '../../../cli/api/api-paths.js';
import { DiskCache } from '../../../cli/cache/disk-cache.js';
import { findSamples } from '../../../cli/samples/find-samples.js';
import {
  createSampleChecker,
  type CheckerOptions,
  type SampleChecker,
  type SamplePage,
} from '../../../cli/samples/sample-checker.js';

export const REPO = path.resolve(import.meta.dirname, '../../..');
export const SETUP_DIR = path.join(REPO, 'tests/fixtures/samples/code-setup');
export const LIBRARY = 'react-native-vision-camera';

const API = { package: LIBRARY, sidebar: 'api', label: 'API', routeBasePath: 'docs/api' };
/** Links as the pipeline makes them (baseUrl `/`). */
export const hrefOf = (target: ApiTarget) => getTargetHref(target, API, (p) => p);

/** A page of `file` (relative to the root) from its Markdown source: its ts/tsx blocks. */
export function pageOf(file: string, markdown: string, id = file.replace(/\.mdx?$/, '')): SamplePage {
  return { file, id, blocks: findSamples(markdown).filter((b) => ['ts', 'tsx'].includes(b.lang)) };
}

/** A temp cache folder, removed by the returned function. */
export function tempCache(): { cache: () => DiskCache; dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsgen-samples-cache-'));
  return { dir, cache: () => new DiskCache(dir), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A checker of this repository's site (the real library), with a minute to compile. */
export function repoChecker(cache: DiskCache, options: Partial<CheckerOptions> = {}) {
  return createSampleChecker({
    root: REPO,
    packageName: LIBRARY,
    setupDir: SETUP_DIR,
    timeoutMs: 60_000,
    cache,
    hrefOf,
    ...options,
  });
}

/** A repository checker for a test file's tests, with a cache of its own: created before them, closed and removed after. */
export function useRepoChecker(): () => SampleChecker {
  const caches = tempCache();
  let checker: SampleChecker | undefined;
  beforeAll(() => {
    checker = repoChecker(caches.cache());
  });
  afterAll(async () => {
    await checker?.close();
    caches.remove();
  });
  return () => checker!;
}

/** Markdown lines joined, for pages written inline. */
export const md = (...lines: string[]) => lines.join('\n');
