import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  compileMarkdown,
  type CompileLimits,
  type MarkdownContext,
  type SampleLinks,
} from '../../cli/markdown/compile-markdown.js';
import { createCodeHighlighter, DEFAULT_LANGUAGES } from '../../cli/markdown/highlighter.js';
import { preprocessSource } from '../../cli/markdown/preprocess.js';
import { parseFrontMatter } from '../../cli/load/front-matter.js';
import type { ContentFile, PageContent } from '../../cli/types.js';

let context: Promise<MarkdownContext> | undefined;
/** A site root around public/, as in a real site: content may read files inside it only. */
export const siteRoot = mkdtempSync(path.join(os.tmpdir(), 'docsgen-site-'));
const publicDir = path.join(siteRoot, 'public');
mkdirSync(publicDir);
// A real 3×2 PNG, so image dimensions can be read.
writeFileSync(
  path.join(publicDir, 'logo.png'),
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR4nGNgYGD4z8DAwMAAAAYAAX3hDqMAAAAASUVORK5CYII=',
    'base64',
  ),
);

/** A Markdown context like a real build's, with two known docs and a public/logo.png. */
export function testContext(): Promise<MarkdownContext> {
  context ??= createCodeHighlighter({
    themes: { light: 'github-light-default', dark: 'github-dark-default' },
    languages: DEFAULT_LANGUAGES,
  }).then((highlighter) => ({
    baseUrl: '/',
    root: siteRoot,
    staticDirs: [publicDir],
    docsDirFromRoot: 'content/docs',
    docRoutes: new Map([
      ['guides/intro.mdx', '/docs/guides'],
      ['guides/other.md', '/docs/guides/other'],
    ]),
    highlighter,
  }));
  return context;
}

/**
 * Compiles a source string as if it were `content/docs/guides/page.<format>`
 * (in `context`, by default a real build's), with the code-sample links the
 * checker would hand over (`samples`).
 */
export async function compile(
  source: string,
  format: 'md' | 'mdx' = 'mdx',
  filePath = '/site/content/docs/guides/page.' + format,
  options: { limits?: CompileLimits; context?: MarkdownContext; samples?: SampleLinks } = {},
): Promise<PageContent> {
  const { frontMatter, body, bodyLineOffset } = parseFrontMatter(source, 'content/docs/guides/page.' + format);
  const file: ContentFile = {
    path: filePath,
    file: `content/docs/guides/page.${format}`,
    docPath: `guides/page.${format}`,
    id: 'guides/page',
    format,
    frontMatter,
    body,
    bodyLineOffset,
    hash: createHash('sha256').update(source).digest('hex'),
  };
  return compileMarkdown(file, '/docs/guides/page', options.context ?? (await testContext()), {
    ...options.limits,
    samples: options.samples,
  });
}

export { preprocessSource };
