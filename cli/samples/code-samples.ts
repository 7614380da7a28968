/**
 * The `code samples` stage: the TypeScript blocks of the guides (and the home
 * page's sample) are found in their sources and compiled by the sample
 * checker before the Markdown is, so the highlighter can link their names
 * into the API reference. The checker itself is made for the site by
 * api/site-sample-checker.ts (it links names as the API pages do); the API's
 * own `@example`s are checked by api/check-api-examples.ts once the library's
 * model is read.
 */
import { configSourceOf, findKey } from '../config/config-source.js';
import type { SiteConfig } from '../config/schema.js';
import { CHECKED_LANGUAGES, type ExportRefs, type PageSampleRefs } from './code-refs.js';
import { findSamples } from './find-samples.js';
import type { SampleChecker, SamplePage, SampleResults } from './sample-checker.js';
import type { ContentFile, Diagnostic } from '../types.js';

/** What `check` and `build` report about the samples. */
export interface SampleCount {
  /** Blocks compiled (from the cache or not). */
  checked: number;
  /** Blocks opted out (`nocheck="why"`, `codeSamples.apiExamples.skip`). */
  optedOut: number;
  /** Whether TypeScript was started: a run whose every result came from the cache never starts it. */
  compilerStarted: boolean;
}

/** The id of the home page's code sample among the checked pages. */
const HOME_SAMPLE_ID = 'home-code-sample';

/** Whether samples are checked: `codeSamples.check`, and an API reference for them to compile against. */
export function checksSamples(config: SiteConfig): boolean {
  return config.codeSamples.check && config.api !== undefined;
}

/** The blocks of CHECKED_LANGUAGES among `blocks`. */
export function checkedBlocks<T extends { lang: string }>(blocks: T[]): T[] {
  return blocks.filter((block) => CHECKED_LANGUAGES.has(block.lang.toLowerCase()));
}

/** A doc's TypeScript blocks, at their lines in the file (the front matter counted). */
export function docSamplePage(file: ContentFile): SamplePage {
  const blocks = checkedBlocks(findSamples(file.body)).map((block) => ({
    ...block,
    line: block.line + file.bodyLineOffset,
  }));
  return { file: file.file, id: file.file, blocks };
}

/**
 * The home page's code sample (`home.codeSample` in the config), with the
 * meta its fence is compiled with, placed at its first line in the config
 * (or the config's first line when it is not written there as it is).
 */
export function homeSamplePage(config: SiteConfig, configFile: string): SamplePage | undefined {
  const sample = config.home.codeSample;
  if (!sample || !CHECKED_LANGUAGES.has(sample.lang.toLowerCase())) return undefined;
  const source = configSourceOf(config) ?? '';
  const lines = source.split('\n');
  const first = sample.code.split('\n', 1)[0]!;
  const from = (findKey(source, 'codeSample').line ?? 1) - 1;
  const found = first.trim() ? lines.slice(from).findIndex((line) => line.includes(first)) : -1;
  const index = found < 0 ? -1 : from + found;
  const place = index < 0 ? { line: 1, column: 1 } : { line: index + 1, column: lines[index]!.indexOf(first) + 1 };
  return {
    file: configFile,
    id: HOME_SAMPLE_ID,
    blocks: [{ lang: sample.lang, meta: homeSampleMeta(sample), code: sample.code, ...place }],
  };
}

/** The meta of the home page's code sample, as its fence is written (the sample checker is given the same). */
export function homeSampleMeta(sample: { title?: string }): string {
  return sample.title ? `title="${sample.title.replace(/"/g, '')}"` : '';
}

/** The guides' (and the home page's) checked blocks' links, for compileDocs, with what the checker reported. */
export interface GuideSamples {
  /** By the doc's file (relative to the root). */
  docs: Map<string, PageSampleRefs>;
  home?: PageSampleRefs;
  exportRefs: ExportRefs;
  diagnostics: Diagnostic[];
  count: SampleCount;
}

/** Checks the TypeScript blocks of the docs and the home page's sample, in one call to the checker. */
export async function checkGuideSamples(
  checker: SampleChecker,
  files: ContentFile[],
  config: SiteConfig,
  configFile: string,
): Promise<GuideSamples> {
  const pages = files.map(docSamplePage);
  const home = homeSamplePage(config, configFile);
  const results = await checker.check(home ? [...pages, home] : pages);
  return {
    docs: new Map(pages.map((page) => [page.id, results.refs.get(page.id) ?? {}])),
    ...(home ? { home: results.refs.get(home.id) ?? {} } : {}),
    exportRefs: results.exportRefs,
    diagnostics: results.diagnostics,
    count: countOf(results),
  };
}

/** The count of one call to the checker. */
export function countOf(results: SampleResults): SampleCount {
  return { checked: results.checked, optedOut: results.optedOut, compilerStarted: results.compilerStarted };
}

/** Two counts added up. */
export function addCounts(a: SampleCount, b: SampleCount): SampleCount {
  return {
    checked: a.checked + b.checked,
    optedOut: a.optedOut + b.optedOut,
    compilerStarted: a.compilerStarted || b.compilerStarted,
  };
}
