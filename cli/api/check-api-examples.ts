/**
 * The API reference's own `@example` blocks, checked like the guides'
 * samples when `codeSamples.apiExamples` is set (the library's TSDoc comes
 * with its package: a site that does not own it must not fail on its
 * fragments): each placed at its code in the library's source, given the
 * `codeSamples.apiExamples.setup` preamble, and left out when
 * `codeSamples.apiExamples.skip` names it (a name that matches no example
 * is a warning: a stale opt-out must not hide).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { collectApiExamples, type ApiExample } from './api-examples.js';
import type { ApiModel } from '../api-model.js';
import { placeExampleBlocks } from './example-place.js';
import { getSiteFile } from './page-context.js';
import { configSourceOf, findKey, findString } from '../config/config-source.js';
import type { SiteConfig } from '../config/schema.js';
import { withoutRepeats } from '../diagnostics.js';
import { routeUrl } from '../route-text.js';
import type { DiskCache } from '../cache/disk-cache.js';
import type { MarkdownContext } from '../markdown/compile-markdown.js';
import type { ExportRefs, PageSampleRefs } from '../samples/code-refs.js';
import type { SampleChecker, SamplePage } from '../samples/sample-checker.js';
import { SETUP_NAME } from '../samples/setup-files.js';
import type { Diagnostic } from '../types.js';
import { addCounts, checkedBlocks, countOf, type SampleCount } from '../samples/code-samples.js';
import { apiOptionsOf, loadApiPages, type ApiPagesResult, type LoadedApiModel } from './load-api-pages.js';

/** The checked examples' links (for every fragment of the API pages) and what the checker reported. */
export interface ApiExampleSamples {
  refs: PageSampleRefs;
  diagnostics: Diagnostic[];
  count: SampleCount;
}

/** The meta every highlighted `@example` block gets: `setup=<name>` when `codeSamples.apiExamples.setup` names one. */
export function apiExampleMeta(config: SiteConfig): string {
  const setup = config.codeSamples.apiExamples?.setup;
  if (!setup) return '';
  return SETUP_NAME.test(setup) ? `setup=${setup}` : `setup="${setup.replace(/"/g, '')}"`;
}

/** Checks every `@example` the API pages show, except those `codeSamples.apiExamples.skip` names. */
export async function checkApiExamples(
  checker: SampleChecker,
  options: { root: string; model: ApiModel; config: SiteConfig; configFile: string },
): Promise<ApiExampleSamples> {
  const { root, model, config } = options;
  const skip = config.codeSamples.apiExamples?.skip ?? {};
  const url = (p: string) => routeUrl(config.baseUrl, p);
  const examples = collectApiExamples(model, apiOptionsOf(config.api!), apiExampleMeta(config), url).filter(
    (example) => checkedBlocks(example.blocks).length > 0,
  );
  const sources = new Map<string, string | undefined>();
  const pages: SamplePage[] = [];
  let skipped = 0;
  // An inherited member's example is skipped with its origin's: `Frame.toString` also names `DrawableFrame.toString`'s.
  const namesOf = (example: ApiExample) =>
    example.inheritedFrom ? [example.name, example.inheritedFrom] : [example.name];
  examples.forEach((example, i) => {
    if (namesOf(example).some((name) => Object.hasOwn(skip, name))) skipped += checkedBlocks(example.blocks).length;
    else pages.push(examplePage(example, i, model, root, sources));
  });
  const results = await checker.check(pages);
  const refs: PageSampleRefs = {};
  for (const page of pages) Object.assign(refs, results.refs.get(page.id));
  const names = new Set(examples.flatMap(namesOf));
  return {
    refs,
    // An inherited member shows its example on each page that has it: one problem is reported once.
    diagnostics: [
      ...withoutRepeats(results.diagnostics),
      ...staleSkips(
        Object.keys(skip).filter((name) => !names.has(name)),
        config,
        options.configFile,
      ),
    ],
    count: addCounts(countOf(results), { checked: 0, optedOut: skipped, compilerStarted: false }),
  };
}

/** One example as a page of the checker: its blocks placed at their code in the library's source. */
function examplePage(
  example: ApiExample,
  index: number,
  model: ApiModel,
  root: string,
  sources: Map<string, string | undefined>,
): SamplePage {
  const file = getSiteFile(model, example.source) ?? model.package.dir;
  if (!sources.has(file)) sources.set(file, readLibraryFile(root, file));
  const blocks = checkedBlocks(example.blocks);
  const places = placeExampleBlocks(
    sources.get(file),
    example.source?.line ?? 1,
    blocks.map((b) => b.code.split('\n', 1)[0]!),
  );
  return {
    file,
    id: `api-example-${index}-${example.name}`,
    blocks: blocks.map((block, i) => ({ ...block, ...places[i]! })),
  };
}

/** A file of the library, by its path from the root; undefined when it cannot be read or is not inside the root. */
function readLibraryFile(root: string, file: string): string | undefined {
  const full = path.resolve(root, file);
  if (path.relative(root, full).startsWith('..')) return undefined;
  try {
    return readFileSync(full, 'utf8');
  } catch {
    return undefined;
  }
}

/** A warning at each `codeSamples.apiExamples.skip` key that names no example. */
function staleSkips(names: string[], config: SiteConfig, configFile: string): Diagnostic[] {
  const source = configSourceOf(config);
  return names.map((name) => {
    const key = source ? findKey(source, name) : {};
    const place = key.line || !source ? key : findString(source, name);
    return {
      severity: 'warning',
      rule: 'code-sample-stale-skip',
      message: `codeSamples.apiExamples.skip names '${name}', which has no @example in the API reference`,
      file: configFile,
      ...(place.line ? { line: place.line, column: place.column } : {}),
      hint: "remove the entry, or name the example as '<Entity>' (its own comment) or '<Entity>.<member>'",
    };
  });
}

/** The API stage's pages, with what checking their examples found (unset: samples are not checked). */
export interface CheckedApiPages extends ApiPagesResult {
  samples?: ApiExampleSamples;
}

/**
 * The API stage: waits for the library's model, checks its `@example`s when
 * there is a checker, and renders the pages with the examples' links.
 */
export async function loadCheckedApiPages(options: {
  root: string;
  config: SiteConfig;
  configFile: string;
  cache: DiskCache;
  loaded: LoadedApiModel | Promise<LoadedApiModel>;
  markdown: () => Promise<MarkdownContext>;
  sharedKey: string;
  docRoutes: ReadonlyMap<string, string>;
  checker?: SampleChecker;
  exportRefs?: ExportRefs;
}): Promise<CheckedApiPages> {
  const loaded = await options.loaded;
  const { checker, config } = options;
  const checksExamples = checker !== undefined && config.codeSamples.apiExamples !== undefined;
  const samples =
    checksExamples && loaded.model
      ? await checkApiExamples(checker, {
          root: options.root,
          model: loaded.model,
          config,
          configFile: options.configFile,
        })
      : undefined;
  // Unchecked examples still link the library's exact exported names, as a guide's unchecked block does.
  const links = samples
    ? { samples: { sampleRefs: samples.refs, exportRefs: options.exportRefs }, exampleMeta: apiExampleMeta(config) }
    : checker
      ? { samples: { exportRefs: options.exportRefs } }
      : {};
  const pages = await loadApiPages({ ...options, loaded, ...links });
  return { ...pages, ...(samples ? { samples } : {}) };
}
