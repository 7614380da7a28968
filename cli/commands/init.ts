import { lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DocsgenError } from '../errors.js';
import { colorsFor } from '../report/colors.js';

export interface InitOptions {
  /** The folder to write the site into (created when missing; default: the current folder). */
  dir?: string;
  /** The site's title (default: from the folder's name). */
  title?: string;
}

/** The files of a new site, relative to its folder, in the order they are written and listed. */
export function newSiteFiles(title: string): [string, string][] {
  const quoted = JSON.stringify(title);
  return [
    [
      'build.config.ts',
      `import { defineConfig } from 'docsgen';

export default defineConfig({
  title: ${quoted},
  tagline: 'Documentation built with docsgen.',
  // Where the site is deployed: the sitemap, social cards and llms.txt use it.
  url: 'https://example.com',
  baseUrl: '/',
  favicon: 'favicon.svg',
  navbar: {
    title: ${quoted},
    items: [{ label: 'Docs', to: 'docs/intro', position: 'left' }],
  },
  docs: {
    path: 'content/docs',
    sidebars: {
      docs: ['intro', { type: 'category', label: 'Guides', items: ['guides/writing-pages'] }],
    },
  },
  home: { getStartedTo: 'docs/intro' },
});
`,
    ],
    [
      'content/docs/intro.md',
      `---
title: Introduction
description: What this documentation covers and where to start.
---

Welcome to the documentation of ${title.replace(/[\\`*_{}[\]<>#|!]/g, '\\$&')}. Start here, then read
[Writing pages](./guides/writing-pages.md) to add your own.

:::tip
Run \`npx docsgen dev\` and edit this file: the page in your browser updates as you save.
:::
`,
    ],
    [
      'content/docs/guides/writing-pages.md',
      `---
title: Writing pages
description: Add a page, link it from the sidebar and check the site before you publish it.
---

Every Markdown file under \`content/docs/\` is a page: \`content/docs/guides/setup.md\` is served at
\`/docs/guides/setup\`. List it in \`docs.sidebars\` in \`build.config.ts\` to show it in the sidebar.

## Check before you publish

\`\`\`sh
npx docsgen check   # broken links and anchors, at their file, line and column
npx docsgen build   # the site in dist/, ready for any static host
\`\`\`
`,
    ],
    [
      'public/favicon.svg',
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#4f46e5"/><path d="M10 9h8l5 5v9a1 1 0 0 1-1 1H10a1 1 0 0 1-1-1V10a1 1 0 0 1 1-1z" fill="#fff"/></svg>
`,
    ],
  ];
}

/**
 * `docsgen init [dir]`: writes a new site (a config, two docs and a favicon) that builds with no warning. It never
 * replaces a file: when one of them exists, nothing is written (exit 2).
 */
export function runInit(options: InitOptions): number {
  const dir = path.resolve(options.dir ?? '.');
  const title = options.title ?? titleOf(dir);
  const files = newSiteFiles(title);
  const existing = files.filter(([file]) => existsOrUnreadable(path.join(dir, file))).map(([file]) => file);
  if (existing.length > 0)
    throw new DocsgenError(`${dir} already has ${existing.join(', ')}; nothing was written`, {
      hint: 'run docsgen init in an empty folder (docsgen init my-docs makes one), or docsgen migrate for a Docusaurus site',
    });
  for (const [file, text] of files) {
    const target = path.join(dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    // 'wx': never through a file or link that appeared since the check above.
    writeFileSync(target, text, { flag: 'wx' });
  }
  const relative = path.relative(process.cwd(), dir);
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? dir : relative || '.';
  const cd = shown === '.' ? '' : `cd ${shown} && `;
  const c = colorsFor(process.stdout);
  process.stdout.write(
    `${c.green('✔')} wrote a new site in ${c.bold(shown)}: ${files.map(([file]) => file).join(', ')}\n` +
      `  next: ${cd}npx docsgen dev   (then npx docsgen build, or npx docsgen check in CI)\n`,
  );
  return 0;
}

/** "my-docs" → "My docs": a title a person would write, from the folder's name. */
function titleOf(dir: string): string {
  const words = path
    .basename(dir)
    .replace(/[-_.]+/g, ' ')
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Documentation';
}

/** True when anything is at the path, a dangling link included. */
function existsOrUnreadable(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}
