/**
 * Type-checks the `ts`/`tsx` blocks of pages against the documented library
 * and finds their links into the API reference. Each page's result is cached
 * by everything it depends on; what is not cached is compiled on a worker
 * thread (compiler-thread.ts) within the time limit.
 */
import path from 'node:path';
import type { ApiKind } from '../api-model.js';
import { hashOf, type DiskCache } from '../cache/disk-cache.js';
import { withoutRepeats } from '../diagnostics.js';
import type { Diagnostic } from '../types.js';
import { SAMPLES_FOLDER, type FileResult, type LibraryExport, type PageFiles } from './checker-protocol.js';
import { CHECKED_LANGUAGES, type ExportRefs, type PageSampleRefs } from './code-refs.js';
import type { SampleEnvironment } from '../config/schema.js';
import { CompilerThread, type RunOutcome } from './compiler-thread.js';
import { realPathOf } from './real-paths.js';
import { planPage, type PlannedPage, type SamplePage } from './plan-page.js';
import { mapPageResult, stoppedDiagnostics, type PageOutcome } from './page-result.js';
import { environmentKey, SAMPLES_NAMESPACE } from './sample-cache.js';
import { SetupFiles } from './setup-files.js';

export type { SamplePage };

export interface CheckerOptions {
  /** Site root: the library and its type packages resolve from its node_modules and those above it (package-rule.ts). */
  root: string;
  /** config.api.package */
  packageName: string;
  /** config.codeSamples.environment (default: React Native's). */
  environment?: SampleEnvironment;
  /** Absolute; config.codeSamples.setupDir resolved against root. */
  setupDir: string;
  /** config.codeSamples.timeout * 1000 */
  timeoutMs: number;
  /** The build's disk cache. */
  cache: DiskCache;
  /** Link of an API entity or member, baseUrl included. */
  hrefOf: (target: { kind: ApiKind; entity: string; member?: string }) => string;
}

export interface SampleResults {
  /** Per page (by SamplePage.id): its checked blocks' links by sampleKey (an empty record for a page with none). */
  refs: Map<string, PageSampleRefs>;
  /** Exact-name links for unchecked blocks. */
  exportRefs: ExportRefs;
  /** Rule `code-sample-type-error` (severity 'error'; the pipeline applies onCodeSampleErrors), placed at file:line:column. */
  diagnostics: Diagnostic[];
  /** Blocks compiled (from cache or not). */
  checked: number;
  /** Blocks with nocheck. */
  optedOut: number;
  /** False when every result came from the cache (a warm run never loads TypeScript). */
  compilerStarted: boolean;
}

export interface SampleChecker {
  check(pages: SamplePage[]): Promise<SampleResults>;
  /**
   * Starts TypeScript now when the first check will need it (the library's
   * exports are not in the cache: a cold build), so it reads the library while
   * the build loads the content. A warm build never starts it.
   */
  prestart(): void;
  /** Stops the worker (build calls it at the end; dev keeps one checker alive across reloads). */
  close(): Promise<void>;
}

/** A page's cached result: what mapPageResult made of the compiler's answer. */
type CachedPage = PageOutcome;

export function createSampleChecker(options: CheckerOptions): SampleChecker {
  const root = realPathOf(options.root) ?? path.resolve(options.root);
  const globals = options.environment ?? 'react-native';
  const thread = new CompilerThread({ root, packageName: options.packageName, environment: globals });
  /** The library's exports, once known (they change only with its version, which is in the cache key). */
  let exportRefs: { key: string; refs: ExportRefs } | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  /** Everything every page's result depends on: the library, the globals, the setup files' declarations. */
  const environmentOf = (setups: SetupFiles) => {
    const declared = setups.declarations();
    // Global declarations can change any page's result: they are part of every page's key.
    const environment = hashOf(
      environmentKey(root, options.packageName, globals, options.hrefOf),
      declared.map((d) => [d.name, d.text]),
    );
    return { setups, declared, environment };
  };
  /** What prestart computed, for the check that follows it: computing it hashes every file of the library. */
  let prepared: ReturnType<typeof environmentOf> | undefined;
  /** The library's exports as cached for this environment, unless they are loaded already; unset when not cached. */
  const loadExports = (environment: string) => {
    const key = hashOf('exports', environment);
    if (exportRefs?.key !== key) {
      const cached = options.cache.get<ExportRefs>(SAMPLES_NAMESPACE, key);
      exportRefs = cached ? { key, refs: Object.assign(Object.create(null) as ExportRefs, cached) } : undefined;
    }
    return key;
  };

  const checkPages = async (pages: SamplePage[], ticket: number): Promise<SampleResults> => {
    const { setups, declared, environment } = prepared ?? environmentOf(new SetupFiles(options.root, options.setupDir));
    prepared = undefined;
    const declarations: PageFiles = {
      folder: path.join(root, SAMPLES_FOLDER, 'declarations'),
      files: declared.map((d) => ({
        path: path.join(root, SAMPLES_FOLDER, 'declarations', `${d.name}.d.ts`),
        text: d.text,
        shown: { from: 0, to: 0 },
      })),
    };
    const results: SampleResults = {
      refs: new Map(),
      exportRefs: {},
      diagnostics: [],
      checked: 0,
      optedOut: 0,
      compilerStarted: false,
    };
    const misses: { plan: PlannedPage; key: string }[] = [];
    for (const page of pages) {
      const plan = planPage(page, path.join(root, SAMPLES_FOLDER, hashOf(page.id).slice(0, 16)), setups);
      results.optedOut += plan.optedOut;
      results.diagnostics.push(...plan.diagnostics);
      results.refs.set(page.id, {});
      if (!plan.blocks.length) continue;
      const key = hashOf(
        environment,
        page.id,
        page.file,
        plan.blocks.map((b) => [b.sample, b.setup]),
      );
      const cached = options.cache.get<CachedPage>(SAMPLES_NAMESPACE, key);
      if (cached) addOutcome(results, page.id, cached, plan.blocks.length);
      else misses.push({ plan, key });
    }
    const exportsKey = loadExports(environment);
    if (misses.length || !exportRefs) {
      results.compilerStarted = true;
      const finished = new Set<number>();
      const outcome = await thread.run(
        { pages: misses.map((m) => m.plan.files), exports: !exportRefs, declarations },
        options.timeoutMs,
        {
          onPage: (index: number, files: FileResult[]) => {
            const { plan, key } = misses[index]!;
            const outcome = mapPageResult(plan, files, options.hrefOf);
            options.cache.set(SAMPLES_NAMESPACE, key, outcome);
            addOutcome(results, plan.page.id, outcome, plan.blocks.length);
            finished.add(index);
          },
          onPageFailed: (index: number, message: string) => {
            results.diagnostics.push(
              ...stoppedDiagnostics(
                misses[index]!.plan,
                `the TypeScript compiler failed on this page's samples: ${message}`,
              ),
            );
            finished.add(index);
          },
          onExports: (exports: LibraryExport[]) => {
            exportRefs = { key: exportsKey, refs: toExportRefs(exports, options.hrefOf) };
            options.cache.set(SAMPLES_NAMESPACE, exportsKey, exportRefs.refs);
          },
        },
        ticket,
      );
      if (outcome !== 'done') {
        misses.forEach(
          ({ plan }, index) =>
            finished.has(index) ||
            results.diagnostics.push(...stoppedDiagnostics(plan, stopReason(outcome, options.timeoutMs))),
        );
      }
    }
    results.exportRefs = exportRefs?.refs ?? {};
    // A setup file's error comes from every block that uses it: once.
    results.diagnostics = withoutRepeats(results.diagnostics);
    return results;
  };

  return {
    check(pages) {
      const ticket = thread.ticket;
      const run = queue.then(() => checkPages(pages.map(withCheckedBlocks), ticket));
      queue = run.catch(() => undefined);
      return run;
    },
    prestart() {
      prepared = environmentOf(new SetupFiles(options.root, options.setupDir));
      loadExports(prepared.environment);
      if (!exportRefs) thread.prestart();
    },
    close: () => thread.close(),
  };
}

/** Only the blocks of checked languages concern the checker. */
function withCheckedBlocks(page: SamplePage): SamplePage {
  return { ...page, blocks: page.blocks.filter((b) => CHECKED_LANGUAGES.has(b.lang.toLowerCase())) };
}

function addOutcome(results: SampleResults, id: string, outcome: PageOutcome, blocks: number): void {
  results.refs.set(id, outcome.refs);
  results.diagnostics.push(...outcome.diagnostics);
  results.checked += blocks;
}

function toExportRefs(exports: LibraryExport[], hrefOf: CheckerOptions['hrefOf']): ExportRefs {
  const refs: ExportRefs = Object.create(null);
  for (const { name, target, tip } of exports) refs[name] = { href: hrefOf(target), ...(tip ? { tip } : {}) };
  return refs;
}

function stopReason(outcome: Exclude<RunOutcome, 'done'>, timeoutMs: number): string {
  if (outcome === 'timeout') return `type-checking stopped after ${Math.round(timeoutMs / 100) / 10} s`;
  if (outcome === 'memory') return 'type-checking stopped: the compiler ran out of memory';
  return 'type-checking was stopped before it finished';
}
