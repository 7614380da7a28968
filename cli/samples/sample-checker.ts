/**
 * PLACEHOLDER on branch i18-pipeline: the interface of the checker core's
 * sample-checker.ts (branch i18-checker), so the pipeline can be written and
 * tested before it lands. This checker compiles nothing and reports nothing.
 * Replaced by the real file when i18-checker is merged.
 */
import type { ApiKind } from '../api/api-model.js';
import type { DiskCache } from '../cache/disk-cache.js';
import type { Diagnostic } from '../types.js';
import type { ExportRefs, PageSampleRefs } from './code-refs.js';
import type { FoundSample } from './find-samples.js';

export interface SamplePage {
  /** The Markdown file, relative to the site root (what diagnostics name). For API examples: the library source file. */
  file: string;
  /** Stable and unique per page (the doc id or route); names the page's virtual folder. */
  id: string;
  /** The page's blocks of CHECKED_LANGUAGES (others are simply ignored). Opted-out ones included: the checker counts them. */
  blocks: FoundSample[];
}

export interface CheckerOptions {
  root: string;
  packageName: string;
  setupDir: string;
  timeoutMs: number;
  cache: DiskCache;
  /** Link of an API entity or member, baseUrl included. */
  hrefOf: (target: { kind: ApiKind; entity: string; member?: string }) => string;
}

export interface SampleResults {
  refs: Map<string, PageSampleRefs>;
  exportRefs: ExportRefs;
  diagnostics: Diagnostic[];
  checked: number;
  optedOut: number;
  compilerStarted: boolean;
}

export interface SampleChecker {
  check(pages: SamplePage[]): Promise<SampleResults>;
  close(): Promise<void>;
}

export function createSampleChecker(_options: CheckerOptions): SampleChecker {
  return {
    check: async (pages) => ({ refs: new Map(pages.map((p) => [p.id, {}])), exportRefs: {}, diagnostics: [], checked: 0, optedOut: 0, compilerStarted: false }),
    close: async () => undefined,
  };
}
