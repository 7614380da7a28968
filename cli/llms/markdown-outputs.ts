import { hashOf } from '../cache/disk-cache.js';
import { codeVersion } from '../package-root.js';
import { LLMS_FULL_TXT, LLMS_TXT, markdownCopyFile } from '../routes/markdown-copies.js';
import type { LazyFile, Route } from '../types.js';
import { hasCopy } from './copy-links.js';
import type { LatestVersion, MarkdownOutputsInput, MarkdownWriter } from './write-outputs.js';

export type { MarkdownOutputsInput };

/**
 * A file whose key, too, is computed when first read: dev asks for one file at a time and never for keys, and
 * hashing every page's copy after each edit cost a large site a third of a second.
 */
function lazyFile(key: () => string, contents: LazyFile['contents']): LazyFile {
  let computed: string | undefined;
  return {
    get key() {
      return (computed ??= key());
    },
    contents,
  };
}

/**
 * The Markdown outputs as lazy files, each keyed by what it is made from:
 * a build whose pages did not change links every one from the previous
 * output without making it (nor loading the serialiser), and `check`, which
 * writes nothing, never makes them. A page whose copy is not there (an API
 * page before it has one) is left out. The llms files list the latest docs
 * version only (older versions keep their copies).
 */
export function markdownOutputs(input: MarkdownOutputsInput): Map<string, LazyFile> {
  const { routes, config } = input;
  const files = new Map<string, LazyFile>();
  const latest = latestVersion(input);
  let writer: Promise<MarkdownWriter> | undefined;
  const write = async (make: (writer: MarkdownWriter) => string | undefined) =>
    make(await (writer ??= import('./write-outputs.js').then((m) => new m.MarkdownWriter(input, latest)))) ?? '';
  // Each page's copy by its digest: hashed once as a string (serialising a thousand copies into one key cost 0.4 s).
  const digests = new Map<Route, string>();
  const copyDigest = (route: Route) => {
    let digest = digests.get(route);
    if (digest === undefined) {
      const markdown = route.content?.markdown;
      digests.set(route, (digest = markdown === undefined ? 'none' : hashOf(markdown)));
    }
    return digest;
  };
  // What every output's links depend on: the site's address and which pages have copies.
  let siteKey: string | undefined;
  const siteOf = () =>
    (siteKey ??= hashOf(
      codeVersion(),
      config.url,
      config.baseUrl,
      config.markdownPages,
      routes.map((r) => [r.path, r.kind, r.markdownHref, hasCopy(r)]),
    ));
  if (config.markdownPages) {
    for (const route of routes) {
      const file = hasCopy(route) ? markdownCopyFile(route) : undefined;
      if (!file) continue;
      const key = () =>
        hashOf(
          siteOf(),
          file,
          copyDigest(route),
          route.docCards ?? null,
          route.kind === 'home' ? homeInputs(input, latest) : null,
          route.categoryIndex ?? null,
          route.title,
          route.description ?? null,
        );
      files.set(
        file,
        lazyFile(key, () => write((w) => w.copyOf(route))),
      );
    }
  }
  if (config.llmsTxt) {
    const listed = () =>
      hashOf(
        siteOf(),
        input.site.title,
        input.site.tagline,
        latest.sidebars,
        latest.routes.map((r) => [r.path, r.title, r.description, r.unlisted]),
      );
    files.set(
      LLMS_TXT,
      lazyFile(
        () => hashOf(listed(), LLMS_TXT),
        () => write((w) => w.llmsTxt()),
      ),
    );
    files.set(
      LLMS_FULL_TXT,
      lazyFile(
        () =>
          hashOf(
            listed(),
            LLMS_FULL_TXT,
            latest.routes.map((r) => [copyDigest(r), r.docCards ?? null]),
          ),
        () => write((w) => w.llmsFullTxt()),
      ),
    );
  }
  return files;
}

/** What the home page's copy is made of besides the routes. */
function homeInputs(input: MarkdownOutputsInput, latest: LatestVersion): unknown {
  return [
    input.site.title,
    input.site.tagline,
    input.site.home.features,
    input.site.home.getStartedHref,
    input.config.home.codeSample ?? null,
    latest.sidebars[0] ?? null,
  ];
}

/** The routes and sidebars of the latest docs version (the only one without versions). */
function latestVersion(input: MarkdownOutputsInput): LatestVersion {
  const latest = input.site.docsVersions?.find((v) => v.isLast)?.name;
  const routes: Route[] = input.routes.filter(
    (r) => !r.docsVersion || latest === undefined || r.docsVersion.name === latest,
  );
  const names = new Set(routes.flatMap((r) => (r.sidebar ? [r.sidebar] : [])));
  return { routes, sidebars: [...input.sidebars].filter(([name]) => names.has(name)).map(([, items]) => items) };
}
