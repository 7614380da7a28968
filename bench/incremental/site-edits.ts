import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { docsgenPageSource, SYNTHETIC_FOLDER, type PagePlan } from '../synthetic/copy-page.js';
import { readGuides, type SyntheticSite } from '../synthetic/generate.js';
import { builtDocPages, builtPageFile, builtPageHtml, builtPageTitle, builtSidebarText } from './built-output.js';

/**
 * One kind of change an incremental scenario makes before each measured build. Every run makes a different change
 * (a token unique to the run), so no build finds the tree as the previous build left it, and `apply` returns a
 * check that the build right after it shows the change: a benchmark of a build that did nothing measures nothing.
 */
export interface SiteEdit {
  /** What each measured build follows, for the scenario's note. */
  label: string;
  /** Changes the tree once, before the warm-up build (e.g. the pages later runs remove); returns a check of that build. */
  prepare(): () => string | undefined;
  /** Makes the `run`-th change (1-based); the returned function says what the next build's output lacks, if anything. */
  apply(run: number): () => string | undefined;
  /** Puts the tree back as it was generated. */
  restore(): void;
}

/** A word no page contains, different for every run: `benchedit3xm3k2a9`. */
export function editToken(run: number): string {
  return `benchedit${run}x${Date.now().toString(36)}`;
}

/** The page that edits change: one in the middle of the site, so other pages' sidebars list it far from their own. */
export function middlePage(site: SyntheticSite): PagePlan {
  return site.pages[Math.floor(site.pages.length / 2)];
}

/** The source of a synthetic page: `<root>/content/docs/synthetic/<id>.mdx`. */
export function sourceFile(site: SyntheticSite, id: string): string {
  return path.join(site.root, 'content/docs', SYNTHETIC_FOLDER, `${id}.mdx`);
}

/** Writes new pages the way the generator writes copies, so their code blocks are unique too. */
function pageWriter(site: SyntheticSite): (id: string, title: string, copy: number) => void {
  const guides = readGuides();
  const ids = new Set(site.pages.map((page) => page.id));
  return (id, title, copy) => {
    const guide = guides[copy % guides.length];
    writeFileSync(
      sourceFile(site, id),
      docsgenPageSource(guide, { guide: guide.name, copy, id, title }, (other) => ids.has(other)),
    );
  };
}

/** Nothing changes: the build finds every input as the last build left it. */
export function changeNothing(site: SyntheticSite): SiteEdit {
  return {
    label: 'nothing changed',
    prepare: () => () => undefined,
    apply: () => () => {
      const built = builtDocPages(site.root).count;
      return built === site.pages.length ? undefined : `built ${built} of ${site.pages.length} doc pages`;
    },
    restore() {},
  };
}

/** One paragraph at the end of the middle page gets new words each run. */
export function editParagraph(site: SyntheticSite): SiteEdit {
  const page = middlePage(site);
  const file = sourceFile(site, page.id);
  const original = readFileSync(file, 'utf8');
  const withParagraph = (words: string) => `${original}\n\nBenchmark paragraph: ${words}.\n`;
  return {
    label: `one paragraph of ${page.id} edited`,
    prepare() {
      writeFileSync(file, withParagraph('not edited yet'));
      return () =>
        builtPageHtml(site.root, page.id).includes('not edited yet')
          ? undefined
          : `${page.id} does not show the paragraph the runs edit`;
    },
    apply(run) {
      const token = editToken(run);
      writeFileSync(file, withParagraph(token));
      return () =>
        builtPageHtml(site.root, page.id).includes(token)
          ? undefined
          : `${page.id} does not show the edited paragraph ${token}`;
    },
    restore: () => writeFileSync(file, original),
  };
}

/**
 * A generated page's source (`---\n<YAML>---\n<body>`) with its front matter changed by `change`; the body, as it
 * is in the file now, is kept, so this edit composes with others of the same page.
 */
function withFrontMatter(
  source: string,
  change: (frontMatter: Record<string, unknown>) => Record<string, unknown>,
): string {
  const end = source.indexOf('\n---\n', 3);
  const frontMatter = parse(source.slice(4, end + 1)) as Record<string, unknown>;
  return `---\n${stringify(change(frontMatter))}---\n${source.slice(end + 5)}`;
}

/** The middle page's `title` and `sidebar_label` get a new word each run: its title, and every page's sidebar, change. */
export function renamePage(site: SyntheticSite): SiteEdit {
  const page = middlePage(site);
  const file = sourceFile(site, page.id);
  const original = readFileSync(file, 'utf8');
  // The first page, whose sidebar shows the renamed page only if the rename reached pages that did not change.
  const other = site.pages[0].id === page.id ? site.pages[1] : site.pages[0];
  return {
    label: `title and sidebar label of ${page.id} edited; checked in the sidebar of ${other.id}`,
    prepare: () => () => undefined,
    apply(run) {
      const token = editToken(run);
      const renamed = (key: string, value: unknown) =>
        (key === 'title' || key === 'sidebar_label') && typeof value === 'string';
      const rename = (frontMatter: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(frontMatter).map(([key, value]) => [
            key,
            renamed(key, value) ? `${String(value)} ${token}` : value,
          ]),
        );
      writeFileSync(file, withFrontMatter(readFileSync(file, 'utf8'), rename));
      return () => {
        if (!builtPageTitle(builtPageHtml(site.root, page.id)).includes(token))
          return `the <title> of ${page.id} does not show the new title ${token}`;
        if (!builtSidebarText(site.root, other.id).includes(token))
          return `the sidebar of ${other.id} does not show the new label ${token}`;
        return undefined;
      };
    },
    restore: () => writeFileSync(file, original),
  };
}

/** Each run adds a new page (a copy of a guide with its own code, outside the sidebar); the pages go afterwards. */
export function addPage(site: SyntheticSite): SiteEdit {
  const write = pageWriter(site);
  const added: string[] = [];
  return {
    label: 'one new page (not in the sidebar) added',
    prepare: () => () => undefined,
    apply(run) {
      const token = editToken(run);
      const id = `added-${token}`;
      write(id, `Added page ${token}`, 9000 + run);
      added.push(id);
      return () =>
        builtPageTitle(builtPageHtml(site.root, id)).includes(token) ? undefined : `the added page ${id} was not built`;
    },
    restore() {
      for (const id of added.splice(0)) rmSync(sourceFile(site, id), { force: true });
    },
  };
}

/** Before the warm-up, `runs` extra pages (outside the sidebar, linked from nowhere) are added; each run removes one. */
export function removePage(site: SyntheticSite, runs: number): SiteEdit {
  const write = pageWriter(site);
  const ids = Array.from({ length: runs }, (_, i) => `removable-${i + 1}`);
  return {
    label: `one page (of ${runs} added before the warm-up build, outside the sidebar) removed`,
    prepare() {
      ids.forEach((id, i) => write(id, `Removable page ${i + 1}`, 8000 + i));
      return () => {
        const missing = ids.filter((id) => !builtPageHtml(site.root, id));
        return missing.length ? `the pages to remove were not built: ${missing.join(', ')}` : undefined;
      };
    },
    apply(run) {
      const id = ids[run - 1];
      rmSync(sourceFile(site, id), { force: true });
      return () => {
        if (!builtPageHtml(site.root, site.pages[0].id)) return 'the build wrote no pages';
        return builtPageHtml(site.root, id)
          ? `the removed page ${id} is still in the output (${builtPageFile(site.root, id)})`
          : undefined;
      };
    },
    restore() {
      for (const id of ids) rmSync(sourceFile(site, id), { force: true });
    },
  };
}
