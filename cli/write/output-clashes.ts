import path from 'node:path';
import type { Diagnostic, Route } from '../types.js';
import { CONTENT_IMAGES_DIR } from '../files/content-files.js';
import { outputPathOf } from '../render/render-route.js';
import { MARKER_FILE } from '../files/output-names.js';
import { ROBOTS_FILE } from './robots-txt.js';

/** One file the site writes and who writes it. */
export interface OutputClaim {
  /** Path relative to the out dir (`docs/guides/x/index.html`); a folder claim ends with `/`. */
  path: string;
  /** Who writes it, as messages name it: a content file, `public/x`, "the home page", "the sitemap". */
  source: string;
  /** Where to report a clash: the content or public file that can be changed, with the line that decided the path. */
  place?: { file: string; line?: number; column?: number };
  /** A page (its route), a file of public/, or something docsgen generates (bundle, sitemap, search index). */
  kind: 'page' | 'public' | 'generated';
  /** What to do, when it is not the usual HINT. */
  hint?: string;
}

export interface OutputClashInput {
  routes: Route[];
  /** Line of the front matter key (`slug`, `id`) that decided a doc's route, by content file. */
  routeLines?: ReadonlyMap<string, number>;
  /** Files of the static folders: path relative to its folder, and the folder as messages name it (from the site root). */
  staticFiles: Iterable<{ path: string; dir: string }>;
  /** Generated files (out path → what makes them), and folders they own (ending with `/`). */
  generated: Iterable<[string, string]>;
  /** Reported against when neither source is content (two generated files): the config file. */
  configFile: string;
}

/** How each hint starts; what follows is what can be changed about each source (fixesFor). */
const HINT = 'every output file must come from one source';

/** The config switch of a generated file a static file or a page may be in the way of, by its source's name. */
function generatedSwitch(source: string): string | undefined {
  if (source === 'llms.txt' || source === 'llms-full.txt') return 'llmsTxt';
  if (source.startsWith('the Markdown copy of ')) return 'markdownPages';
  if (source === 'the social images') return 'socialImages';
  return undefined;
}

/**
 * What can be changed about one source of a clash: a doc's `slug` or `id`,
 * a static file as its own path names it (`static/llms.txt`, in whichever
 * static folder holds it), the config switch of a generated file; nothing for
 * what docsgen always writes (the home page, the bundle).
 */
function fixesFor(claim: OutputClaim): string[] {
  if (claim.kind === 'page') return claim.place ? ["change the page's `slug` or `id`"] : [];
  if (claim.kind === 'public') return [`rename or remove ${claim.source}`];
  const key = generatedSwitch(claim.source);
  return key ? [`turn off \`${key}\` in the config`] : [];
}

/**
 * Two sources writing one output file is an error, whatever the cause: two
 * docs whose routes differ as text but not as files, a doc and a generated
 * page (home, search, 404, the docs redirect, API pages), a doc or a page and
 * a file of public/, or a generated file. So is a file where another source
 * needs a folder (`public/docs/x` and the page `docs/x/index.html`), and a
 * page whose output path would leave its place. Two docs with the very same
 * route are not clashes: `onDuplicateRoutes` decides those before routes exist.
 */
export function findOutputClashes(input: OutputClashInput): Diagnostic[] {
  const claims: OutputClaim[] = [];
  for (const route of input.routes) claims.push(pageClaim(route, input.routeLines));
  for (const file of input.staticFiles) {
    const shown = path.posix.join(file.dir, file.path);
    claims.push({ path: file.path, source: shown, place: { file: shown }, kind: 'public' });
  }
  for (const [out, source] of input.generated) claims.push({ path: out, source, kind: 'generated' });

  const diagnostics: Diagnostic[] = [];
  const byPath = new Map<string, OutputClaim>();
  const folders: OutputClaim[] = [];
  for (const claim of claims) {
    const escapes = escapeOf(claim.path);
    if (escapes) {
      diagnostics.push(
        clash(`${claim.source} would be written to ${claim.path}, ${escapes}`, claim, undefined, input.configFile),
      );
      continue;
    }
    if (claim.path.endsWith('/')) folders.push(claim);
    const first = byPath.get(claim.path);
    if (first)
      diagnostics.push(
        clash(
          `${claim.path} would be written twice: by ${first.source} and by ${claim.source}`,
          claim,
          first,
          input.configFile,
        ),
      );
    else byPath.set(claim.path, claim);
  }
  for (const claim of byPath.values()) {
    // A file where another source needs a folder: `public/docs/x` and the page `docs/x/index.html`.
    const segments = claim.path.replace(/\/$/, '').split('/');
    for (let i = 1; i < segments.length; i++) {
      const file = byPath.get(segments.slice(0, i).join('/'));
      if (file)
        diagnostics.push(
          clash(
            `${claim.source} needs ${file.path}/ to be a folder, but ${file.source} writes a file there`,
            claim,
            file,
            input.configFile,
          ),
        );
    }
  }
  for (const folder of folders) {
    // A folder a generated part owns (the search index) takes no page or public file.
    for (const claim of byPath.values()) {
      // Its own index.html is the page that goes with it (search/index.html, the search page).
      if (
        claim.kind !== 'generated' &&
        claim.path.startsWith(folder.path) &&
        claim.path !== folder.path + 'index.html'
      ) {
        diagnostics.push(
          clash(
            `${claim.path} would be written into ${folder.path}, which belongs to ${folder.source}`,
            claim,
            folder,
            input.configFile,
          ),
        );
      }
    }
  }
  return diagnostics;
}

/**
 * The files docsgen generates besides pages, with what makes each, for the
 * clash check. `search/` is the search index's folder: its files are named
 * by content hash and only `build` writes them, so the folder is claimed whole
 * and `check` sees what `build` would.
 */
export function generatedClaims(input: {
  sitemap: string;
  robotsTxt?: boolean;
  assets: Iterable<string>;
  sidebarFiles?: Iterable<string>;
  copies: Iterable<[string, string]>;
  root: string;
  markdown?: Iterable<[string, string]>;
  socialImages?: Iterable<string>;
  feeds?: Iterable<string>;
}): Map<string, string> {
  // `search/` is SEARCH_DIR of build-search-index.ts (loaded lazily, so not imported here).
  const files = new Map<string, string>([
    [MARKER_FILE, "docsgen's output marker"],
    ['search/', 'the search index'],
  ]);
  for (const file of input.assets) files.set(file, 'the client bundle');
  files.set(input.sitemap, 'the sitemap');
  // Unset when a static folder has its own robots.txt: that one is published.
  if (input.robotsTxt) files.set(ROBOTS_FILE, 'robots.txt');
  for (const file of input.sidebarFiles ?? []) files.set(file, 'the sidebar');
  // The Markdown copies (`<route>.md`) and the llms files (markdown-copies.ts markdownOutputNames).
  for (const [file, source] of input.markdown ?? []) files.set(file, source);
  for (const file of input.socialImages ?? []) files.set(file, 'the social images');
  for (const file of input.feeds ?? []) files.set(file, "the blog's feed");
  // Content images are named by their bytes: two sources of one name are one image.
  for (const [from, out] of input.copies)
    files.set(
      out,
      out.startsWith(CONTENT_IMAGES_DIR) ? `the image ${path.relative(input.root, from)}` : 'the mermaid bundle',
    );
  return files;
}

/** Who writes a route's page, as a clash message names it. */
function pageClaim(route: Route, routeLines: ReadonlyMap<string, number> | undefined): OutputClaim {
  const out = outputPathOf(route);
  if (route.kind === 'doc' && route.file)
    return {
      path: out,
      source: `${route.file} (route ${route.path})`,
      place: { file: route.file, line: routeLines?.get(route.file) },
      kind: 'page',
    };
  // A page of the pages folder: its file name decides the route.
  if (route.kind === 'page' && route.file)
    return {
      path: out,
      source: `${route.file} (route ${route.path})`,
      place: { file: route.file },
      kind: 'page',
      hint: "rename or move the page file of the pages folder (a doc's route may be changed with its `slug` or `id`)",
    };
  // Placed in the config: its slug (or label) decides the route.
  if (route.categoryIndex) {
    return {
      path: out,
      source: `the generated index of the sidebar category '${route.categoryIndex.label}' (route ${route.path})`,
      place: route.categoryIndex.place,
      kind: 'page',
      hint: "give the category's generated index another `slug` in the config (link: {type: 'generated-index', slug}), or change the other page's `slug` or `id`",
    };
  }
  const names: Record<Route['kind'], string> = {
    home: 'the home page',
    doc: `the page ${route.path}`,
    api: `the API page ${route.path}`,
    category: `the category page ${route.path}`,
    redirect: `the redirect ${route.path}`,
    search: 'the search page',
    'not-found': 'the 404 page',
    page: `the page ${route.path}`,
    'blog-post': `the blog post ${route.path}`,
    'blog-list': `the blog list page ${route.path}`,
    'blog-tags': `the blog's tags page ${route.path}`,
    'blog-archive': `the blog's archive ${route.path}`,
  };
  return { path: out, source: names[route.kind], kind: 'page' };
}

/** Why an output path leaves its place (a `..` or `.` segment, an absolute path), or undefined. */
function escapeOf(out: string): string | undefined {
  const segments = out.replace(/\/$/, '').split('/');
  if (out.startsWith('/') || segments.some((s) => s === '..' || s === '.' || s === ''))
    return 'outside its own place in the output';
  return undefined;
}

/** The diagnostic, placed on the content or public file that can be changed (else the config). */
function clash(message: string, claim: OutputClaim, other: OutputClaim | undefined, configFile: string): Diagnostic {
  const place = [claim, other].find((c) => c?.kind === 'page' && c.place)?.place ??
    claim.place ??
    other?.place ?? { file: configFile };
  // A page's route first, then a static file, then a switch of the config.
  const rank = { page: 0, public: 1, generated: 2 };
  const sides = [claim, other].filter((c) => c !== undefined).sort((a, b) => rank[a.kind] - rank[b.kind]);
  const fixes = [...new Set(sides.flatMap(fixesFor))];
  const hint = claim.hint ?? other?.hint ?? (fixes.length ? `${HINT}: ${fixes.join(', or ')}` : HINT);
  return {
    severity: 'error',
    rule: 'output-clash',
    message,
    file: place.file,
    line: place.line,
    column: place.line === undefined ? undefined : (place.column ?? 1),
    hint,
  };
}
