/**
 * The code samples as `docsgen dev` keeps them: one checker for the whole
 * session (its TypeScript project is updated, not rebuilt, as pages change)
 * and each doc's blocks with what the checker said about them. A doc is
 * checked again only when its blocks changed: editing prose, or a page with
 * no TypeScript at all, never waits for the checker.
 */
import { hashOf, type DiskCache } from '../cache/disk-cache.js';
import type { SiteConfig } from '../config/schema.js';
import { withoutRepeats } from '../diagnostics.js';
import { createSiteSampleChecker } from '../api/site-sample-checker.js';
import { checksSamples, docSamplePage, homeSamplePage } from '../samples/code-samples.js';
import { parseSampleMeta, type ExportRefs, type PageSampleRefs } from '../samples/code-refs.js';
import type { FoundSample } from '../samples/find-samples.js';
import type { SampleChecker, SamplePage } from '../samples/sample-checker.js';
import type { ContentFile, Diagnostic } from '../types.js';

/** One page's blocks and what checking them gave. */
interface CheckedPage {
  page: SamplePage;
  refs: PageSampleRefs;
  diagnostics: Diagnostic[];
}

/** What the pages are compiled with. */
export interface DevSampleRefs {
  docs: Map<string, PageSampleRefs>;
  home?: PageSampleRefs;
}

export class DevSamples {
  private current?: SampleChecker;
  /** What the checker was made from: a config that changes it makes a new one. */
  private checkerKey = '';
  private pages = new Map<string, CheckedPage>();
  /** The library's exported names (unset until a check ran, or when samples are not checked). */
  exportRefs?: ExportRefs;

  /** True while samples are checked (the config has an API reference and `codeSamples.check`). */
  get active(): boolean {
    return this.current !== undefined;
  }

  /** The session's checker, while samples are checked. */
  get checker(): SampleChecker | undefined {
    return this.current;
  }

  /** The checker fitting this config: kept across reloads while what it was made from is the same, closed when samples are off. */
  async configure(root: string, config: SiteConfig, cache: DiskCache): Promise<SampleChecker | undefined> {
    const key = checksSamples(config)
      ? JSON.stringify([
          root,
          config.api,
          config.baseUrl,
          config.codeSamples.setupDir,
          config.codeSamples.timeout,
          config.codeSamples.environment,
        ])
      : '';
    if (key === this.checkerKey) return this.current;
    await this.close();
    this.checkerKey = key;
    if (key) this.current = createSiteSampleChecker(root, config, cache);
    return this.current;
  }

  /**
   * Checks the docs (and the home page's sample) whose blocks are new or
   * changed, in one call; a doc whose blocks only moved keeps its results,
   * its problems moved with them. Undefined when samples are not checked.
   */
  async refresh(files: ContentFile[], config: SiteConfig, configFile: string): Promise<DevSampleRefs | undefined> {
    if (!this.current) return undefined;
    const home = homeSamplePage(config, configFile);
    const current = home ? [...files.map(docSamplePage), home] : files.map(docSamplePage);
    const toCheck: SamplePage[] = [];
    const next = new Map<string, CheckedPage>();
    for (const page of current) {
      const before = this.pages.get(page.id);
      if (before && sameBlocks(before.page.blocks, page.blocks))
        next.set(page.id, { page, refs: before.refs, diagnostics: moveDiagnostics(before, page) });
      // A page with no TypeScript has nothing to ask the checker.
      else if (page.blocks.length === 0) next.set(page.id, { page, refs: {}, diagnostics: [] });
      else toCheck.push(page);
    }
    // The first refresh asks even with nothing to check: the library's exported names link in every page.
    if (toCheck.length > 0 || !this.exportRefs) {
      const results = await this.current.check(toCheck);
      // Kept as the same object while the names are the same: a new one makes every page compile again.
      if (!this.exportRefs || hashOf(this.exportRefs) !== hashOf(results.exportRefs))
        this.exportRefs = results.exportRefs;
      const elsewhere = results.diagnostics.filter((d) => !toCheck.some((page) => page.file === d.file));
      for (const page of toCheck) {
        const own = results.diagnostics.filter((d) => d.file === page.file);
        // A problem in a setup file belongs to the pages that use one: it goes when none of them does.
        const setups = page.blocks.some((block) => parseSampleMeta(block.meta).setup !== undefined) ? elsewhere : [];
        next.set(page.id, { page, refs: results.refs.get(page.id) ?? {}, diagnostics: [...own, ...setups] });
      }
    }
    this.pages = next;
    return {
      docs: new Map(files.map((file) => [file.file, next.get(file.file)!.refs])),
      ...(home ? { home: next.get(home.id)!.refs } : {}),
    };
  }

  /** Forgets what checking gave the pages that use a setup (`setup=`, or the API examples' setup): the next refresh checks them again. */
  forgetSetupUsers(): void {
    for (const [id, checked] of this.pages)
      if (checked.page.blocks.some((block) => parseSampleMeta(block.meta).setup !== undefined)) this.pages.delete(id);
  }

  /** The problems of the pages as they are now (one in a setup file that several pages use, once). */
  diagnostics(): Diagnostic[] {
    return withoutRepeats([...this.pages.values()].flatMap((page) => page.diagnostics));
  }

  /** Stops the checker's worker (dev's shutdown, a config that turns samples off). */
  async close(): Promise<void> {
    const checker = this.current;
    this.current = undefined;
    this.checkerKey = '';
    this.pages.clear();
    this.exportRefs = undefined;
    await checker?.close();
  }
}

function sameBlocks(a: FoundSample[], b: FoundSample[]): boolean {
  return (
    a.length === b.length &&
    a.every((block, i) => block.lang === b[i]!.lang && block.meta === b[i]!.meta && block.code === b[i]!.code)
  );
}

/** The lines a block takes in its file: from its opening fence to its closing one. */
function spanOf(block: FoundSample): { from: number; to: number } {
  return { from: block.line - 1, to: block.line + block.code.split('\n').length };
}

/** A page's problems, moved with its blocks (same code, other lines or indentation); those outside its blocks (a setup file) stay. */
function moveDiagnostics(before: CheckedPage, page: SamplePage): Diagnostic[] {
  return before.diagnostics.map((d) => {
    if (d.file !== page.file || d.line === undefined) return d;
    const index = before.page.blocks.findIndex((block) => d.line! >= spanOf(block).from && d.line! <= spanOf(block).to);
    if (index < 0) return d;
    const [was, now] = [before.page.blocks[index]!, page.blocks[index]!];
    return {
      ...d,
      line: d.line + now.line - was.line,
      ...(d.column !== undefined ? { column: d.column + now.column - was.column } : {}),
    };
  });
}
