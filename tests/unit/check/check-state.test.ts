import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskCache } from '../../../cli/cache/disk-cache.js';
import { checkLinks } from '../../../cli/check/check-links.js';
import { CheckState } from '../../../cli/check/check-state.js';
import { extractHtmlRefs } from '../../../cli/render/extract-html-refs.js';
import type { Route } from '../../../cli/types.js';

const settings = { baseUrl: '/', onBrokenLinks: 'throw', onBrokenAnchors: 'warn' } as const;
const NAMES = ['a', 'b', 'c', 'd', 'e'];
const IDS = ['one', 'two'];

/** A page with links (placed in its source) to other pages, their anchors and a file, and a navbar link with no place. */
function page(name: string, html: string) {
  const links = [...html.matchAll(/href="([^"]+)"/g)].map((match, i) => ({
    url: match[1],
    href: match[1],
    kind: 'link' as const,
    line: i + 1,
    column: 1,
  }));
  const route: Route = {
    path: `/docs/${name}`,
    kind: 'doc',
    title: name,
    file: `content/docs/${name}.md`,
    content: { html, headings: [], links, assets: {}, diagnostics: [] },
  };
  return { route, refs: extractHtmlRefs(`<nav><a href="/docs/nav-target">nav</a></nav>${html}`) };
}

/** A seeded random number generator (mulberry32), so a failing sequence can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A small site that one random change at a time turns into another: a page's ids or links change, a page or a file comes or goes. */
function evolvingSite(next: () => number) {
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const randomLink = () => {
    const anchor = next() < 0.5 ? `#${pick(IDS)}` : '';
    return next() < 0.2
      ? `<a href="/img/${pick(['x', 'y'])}.png">f</a>`
      : `<a href="/docs/${pick([...NAMES, 'nav-target'])}${anchor}">l</a>`;
  };
  const site = new Map<string, { ids: string[]; links: string[] }>();
  for (const name of NAMES) site.set(name, { ids: [...IDS], links: [randomLink(), randomLink()] });
  const files = new Set(['img/x.png', 'img/y.png']);
  let navTarget = true;
  return {
    change() {
      const name = pick(NAMES);
      const kind = pick(['ids', 'links', 'page', 'file', 'nav'] as const);
      if (kind === 'page')
        site.has(name)
          ? site.delete(name)
          : site.set(name, { ids: IDS.filter(() => next() < 0.5), links: [randomLink()] });
      else if (kind === 'file') {
        const file = pick(['img/x.png', 'img/y.png']);
        files.has(file) ? files.delete(file) : files.add(file);
      } else if (kind === 'nav') navTarget = !navTarget;
      else if (site.has(name)) {
        const entry = site.get(name)!;
        if (kind === 'ids') entry.ids = IDS.filter(() => next() < 0.5);
        else entry.links = Array.from({ length: 1 + Math.floor(next() * 3) }, randomLink);
      }
    },
    pages: () => [
      ...[...site].map(([name, { ids, links }]) =>
        page(name, [...ids.map((id) => `<h2 id="${id}">${id}</h2>`), ...links].join('')),
      ),
      ...(navTarget ? [page('nav-target', '')] : []),
    ],
    files: () => new Set(files),
  };
}

describe('the incremental link check', () => {
  it('finds exactly what a full check finds after each of a random sequence of changes', () => {
    const seed = 1 + Math.floor(Math.random() * 1_000_000);
    const next = random(seed);
    const cache = new DiskCache(mkdtempSync(path.join(os.tmpdir(), 'check-state-')));
    const site = evolvingSite(next);
    for (let step = 0; step < 200; step++) {
      site.change();
      const pages = site.pages();
      const files = site.files();
      const state = CheckState.load(cache, settings);
      const incremental = checkLinks({ config: settings, pages, files, state });
      state.save(cache);
      expect(incremental, `seed ${seed}, step ${step}`).toEqual(checkLinks({ config: settings, pages, files }));
    }
  });

  it('reports a broken anchor on an unchanged page once the page it links to loses the id', () => {
    const cache = new DiskCache(mkdtempSync(path.join(os.tmpdir(), 'check-state-')));
    const run = (pages: ReturnType<typeof page>[]) => {
      const state = CheckState.load(cache, settings);
      const found = checkLinks({
        config: settings,
        pages: [...pages, page('nav-target', '')],
        files: new Set(),
        state,
      });
      state.save(cache);
      return found;
    };
    const linking = page('a', '<a href="/docs/b#one">b</a>');
    expect(run([linking, page('b', '<h2 id="one">One</h2>')])).toEqual([]);
    expect(run([linking, page('b', '<h2 id="two">Two</h2>')])).toEqual([
      expect.objectContaining({ rule: 'broken-anchor', file: 'content/docs/a.md', line: 1, target: '/docs/b#one' }),
    ]);
    expect(run([linking])).toEqual([
      expect.objectContaining({ rule: 'broken-link', file: 'content/docs/a.md', line: 1, target: '/docs/b#one' }),
    ]);
    expect(run([linking, page('b', '<h2 id="one">One</h2>')])).toEqual([]);
  });
});
