import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSearchIndex } from '../../../cli/search/build-search-index.js';
import { extractSections } from '../../../cli/search/extract-sections.js';
import { shardIndex } from '../../../cli/search/shard-index.js';
import type { SearchRecord } from '../../../cli/search/collect-records.js';
import type { RenderedPage, Route } from '../../../cli/types.js';
import { createLocalProvider } from '../../../templates/client/search/local-provider.js';
import { indexTerms, tokenize } from '../../../templates/shared/search-terms.js';
import type { SearchSettings } from '../../../templates/shared/search-types.js';

/** A rendered page as the theme writes it: navbar, sidebar, article with `.markdown`, footer. */
function page(route: Partial<Route> & { path: string; title: string }, body: string): RenderedPage {
  const html = `<html><body><nav class="navbar"><a href="/">Navbar camera link</a></nav><aside class="sidebar">Sidebar takePhoto</aside>
<main><article class="doc-article"><nav class="breadcrumbs">Crumb</nav><header class="markdown"><h1>${route.title}</h1></header>
<nav class="toc">On this page</nav><div class="markdown">${body}</div><p class="edit-link">Edit this page</p></article></main>
<footer class="footer">Footer copyright</footer></body></html>`;
  return {
    route: { kind: 'doc', breadcrumbs: [{ label: 'Guides' }, { label: route.title }], ...route } as Route,
    outPath: `${route.path.slice(1)}/index.html`,
    html,
  };
}

const pages = [
  page(
    { path: '/docs/guides/taking-photos', title: 'Taking Photos' },
    '<p>Call <code>takePhoto()</code> to capture a still image.</p><h2 id="flash">Flash<a class="hash-link" href="#flash">#</a></h2><p>Pass a flash mode when you capture.</p><pre><code>const ignored = codeBlockOnly()</code></pre>',
  ),
  page(
    {
      path: '/docs/api/classes/Camera',
      title: 'Camera',
      kind: 'api',
      breadcrumbs: [{ label: 'API' }, { label: 'Classes' }, { label: 'Camera' }],
    },
    '<div class="api-page"><p>The camera component.</p><h2 id="methods">Methods</h2><h3 id="takephoto">takePhoto()</h3><p>Takes a photo and returns a PhotoFile.</p><h3 id="focus">focus()</h3><p>Focuses the camera to a point.</p></div>',
  ),
  page(
    {
      path: '/docs/api/functions/useCameraDevice',
      title: 'useCameraDevice',
      kind: 'api',
      breadcrumbs: [{ label: 'API' }, { label: 'Functions' }, { label: 'useCameraDevice' }],
    },
    '<p>Returns the best matching camera device.</p>',
  ),
  page(
    { path: '/docs/guides/devices', title: 'Camera Devices' },
    '<p>Pick a device with the useCameraDevice hook, which filters the camera list.</p>',
  ),
  page(
    { path: '/docs/guides/focusing', title: 'Focusing' },
    '<p>Tap to focus. Mentions photos in passing as text.</p><h2 id="photo-tips">Tips for sharp photos</h2><p>Hold still.</p>',
  ),
  page({ path: '/docs/guides/hidden', title: 'Hidden', unlisted: true }, '<p>Unlisted takePhoto page.</p>'),
];

/** Serves the index files from memory through a stubbed fetch and returns a provider for them. */
function providerFor(files: Map<string, string>) {
  vi.stubGlobal('fetch', async (url: URL) => {
    const body = files.get(url.pathname.slice(1));
    return body === undefined ? new Response('missing', { status: 404 }) : new Response(body);
  });
  const settings = JSON.parse(files.get('search/settings.json')!) as SearchSettings;
  return createLocalProvider(settings.index!, new URL('http://site.test/search/settings.json'));
}

async function search(files: Map<string, string>, query: string) {
  const results = await providerFor(files).search(query, { page: 0, hitsPerPage: 20, snippetWords: 10 });
  return results.hits.map((hit) => hit.url);
}

const built = () =>
  buildSearchIndex(pages, {
    baseUrl: '/',
    issuesUrl: 'https://github.com/acme/widgets/issues',
    search: { provider: 'local' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('terms', () => {
  it('keeps camelCase names whole and splits them into parts', () => {
    expect(indexTerms('takePhoto')).toEqual(['takephoto', 'take', 'photo']);
    expect(indexTerms('useCameraDevice')).toEqual(['usecameradevice', 'use', 'camera', 'device']);
    expect(indexTerms('CMSampleBuffer')).toEqual(['cmsamplebuffer', 'cm', 'sample', 'buffer']);
    expect(indexTerms('camera')).toEqual(['camera']);
    expect(tokenize('frame.toArrayBuffer() — react-native')).toEqual(['frame', 'toArrayBuffer', 'react', 'native']);
  });
});

describe('extractSections', () => {
  it('reads only the article text, split at h2/h3 headings, without code blocks or hash links', () => {
    const sections = extractSections(pages[0].html);
    expect(sections).toEqual([
      { anchor: '', heading: '', api: '', text: 'Call takePhoto() to capture a still image.' },
      { anchor: 'flash', heading: 'Flash', api: '', text: 'Pass a flash mode when you capture.' },
    ]);
    const all = JSON.stringify(extractSections(pages[1].html));
    for (const left of ['Navbar', 'Sidebar', 'Footer', 'On this page', 'Crumb', 'Edit this page'])
      expect(all).not.toContain(left);
    expect(extractSections(pages[1].html).map((s) => s.anchor)).toEqual(['', 'methods', 'takephoto', 'focus']);
  });

  it('leaves out highlighted code blocks whole, even code that shows a closing </pre>, and keeps the words around them apart', () => {
    const block =
      '<div class="code-block"><pre class="shiki"><code><span class="line"><span style="color:#CF222E">const</span><span> html = "&lt;/pre&gt;"</span></span>\n<span class="line"><span>secretToken</span></span></code></pre><button type="button">Copy</button></div>';
    const html = `<article><div class="markdown"><p>Before</p>${block}<p>After</p><h2 id="next">Next</h2><pre class="mermaid">graph TD; hiddenNode</pre><p>End</p></div></article>`;
    expect(extractSections(html)).toEqual([
      { anchor: '', heading: '', api: '', text: 'Before After' },
      { anchor: 'next', heading: 'Next', api: '', text: 'End' },
    ]);
  });

  it("reads an API page's signatures into their own field, and other code blocks not at all", () => {
    const html =
      '<article><div class="markdown"><h3 id="deviceerror">DeviceError</h3><pre class="api-signature"><code><span>type</span> DeviceError = <span>"device/invalid-device"</span> | <span>"device/no-device"</span></code></pre><p>Errors of the device.</p><pre class="shiki"><code>hiddenSample()</code></pre></div></article>';
    expect(extractSections(html)).toEqual([
      { anchor: '', heading: '', api: '', text: '' },
      {
        anchor: 'deviceerror',
        heading: 'DeviceError',
        api: 'type DeviceError = "device/invalid-device" | "device/no-device"',
        text: 'Errors of the device.',
      },
    ]);
  });
});

describe('buildSearchIndex', () => {
  it('writes settings, a base, term shards and text chunks; one record per section; unlisted pages left out', () => {
    const { files, records } = built();
    expect(records).toBe(10);
    const settings = JSON.parse(files.get('search/settings.json')!) as SearchSettings;
    expect(settings).toMatchObject({
      provider: 'local',
      baseUrl: '/',
      searchPageUrl: '/search',
      issuesUrl: 'https://github.com/acme/widgets/issues',
      suggestions: ['Taking Photos', 'Camera', 'useCameraDevice'],
    });
    const names = [...files.keys()];
    expect(names.every((name) => name.startsWith('search/'))).toBe(true);
    expect(names).toContain(`search/${settings.index!.base}`);
    for (const file of [...Object.values(settings.index!.shards), ...settings.index!.docs])
      expect(names).toContain(`search/${file}`);
    expect([...files.values()].join('')).not.toContain('Unlisted');
  });

  it('splits the terms of a large index by their first characters', () => {
    const letters = (n: number) =>
      Array.from({ length: 6 }, (_, k) => String.fromCharCode(97 + (Math.floor(n / 26 ** k) % 26))).join('');
    const words = Array.from({ length: 4000 }, (_, i) => letters(i * 7919 + 13));
    const records: SearchRecord[] = Array.from({ length: 400 }, (_, id) => ({
      id,
      url: `/p${id}`,
      group: 'G',
      title: `Page ${id}`,
      description: '',
      heading: '',
      api: '',
      pageStart: true,
      text: words.slice((id * 37) % 3600, ((id * 37) % 3600) + 400).join(' '),
    }));
    const sharded = shardIndex(records);
    expect(sharded.keyLength).toBeGreaterThan(0);
    for (const shard of sharded.shards.values()) expect(JSON.stringify(shard).length).toBeLessThan(200_000);
    expect(sharded.docs.length).toBeGreaterThan(1);
    expect(sharded.base.chunkStarts[0]).toBe(0);
  });
});

describe('ranking', () => {
  it('finds camelCase API names whole, by parts and in lower case', async () => {
    const { files } = built();
    expect((await search(files, 'takePhoto'))[0]).toBe('/docs/api/classes/Camera#takephoto');
    expect(await search(files, 'take photo')).toContain('/docs/api/classes/Camera#takephoto');
    expect((await search(files, 'usecameradevice'))[0]).toBe('/docs/api/functions/useCameraDevice');
    expect((await search(files, 'useCamera'))[0]).toBe('/docs/api/functions/useCameraDevice');
  });

  it('ranks pages, one hit each, the title match first, each showing its best section', async () => {
    const { files } = built();
    const photos = await search(files, 'photos');
    expect(photos[0]).toBe('/docs/guides/taking-photos');
    expect(photos.slice(1).sort()).toEqual(['/docs/api/classes/Camera#takephoto', '/docs/guides/focusing#photo-tips']);
  });

  it('tolerates typos and matches prefixes of the last word', async () => {
    const { files } = built();
    expect((await search(files, 'takePoto'))[0]).toBe('/docs/api/classes/Camera#takephoto');
    expect(await search(files, 'focu')).toContain('/docs/api/classes/Camera#focus');
    expect(await search(files, 'qqqzzz')).toEqual([]);
  });

  it('returns provider-neutral hits with groups, marks and 10-word snippets', async () => {
    const { files } = built();
    const { hits } = await providerFor(files).search('capture', { page: 0, hitsPerPage: 20, snippetWords: 5 });
    expect(hits[0]).toMatchObject({ group: 'Guides', pageTitle: 'Taking Photos', url: '/docs/guides/taking-photos' });
    expect(hits[0].snippet).toEqual([
      { text: '… takePhoto() to ', mark: false },
      { text: 'capture', mark: true },
      { text: ' a still …', mark: false },
    ]);
    const api = await providerFor(files).search('takePhoto', { page: 0, hitsPerPage: 20, snippetWords: 10 });
    expect(api.hits[0]).toMatchObject({
      group: 'Classes',
      heading: 'takePhoto()',
      headingMarks: [
        { text: 'takePhoto', mark: true },
        { text: '()', mark: false },
      ],
    });
  });

  it('rejects when the index cannot be fetched', async () => {
    const { files } = built();
    const provider = providerFor(files);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(provider.search('camera', { page: 0, hitsPerPage: 20, snippetWords: 10 })).rejects.toThrow(
      'Failed to fetch',
    );
  });
});

describe('versions', () => {
  /** The same guide in two docs versions, and an API page of the current version. */
  const versioned = [
    page(
      { path: '/docs/guides/zoom', title: 'Zooming', docsVersion: { name: '2.0', alternates: {} } },
      '<p>Pinch to zoom the preview.</p>',
    ),
    page(
      { path: '/docs/legacy/guides/zoom', title: 'Zooming', docsVersion: { name: '1.0', alternates: {} } },
      '<p>Pinch to zoom the preview, slowly.</p>',
    ),
    page(
      {
        path: '/docs/api/functions/useZoom',
        title: 'useZoom',
        kind: 'api',
        docsVersion: { name: 'current', alternates: {} },
      },
      '<p>Returns the zoom of the preview.</p>',
    ),
  ];
  const docsVersions = [
    { name: 'current', label: 'Next', href: '/docs/next', isLast: false },
    { name: '2.0', label: '2.0', href: '/docs/intro', isLast: true },
    { name: '1.0', label: '1.0', href: '/docs/legacy/intro', isLast: false },
  ];
  /** Searches as a reader on a page of `pageVersion` (none: a page outside the docs), with `stored` as their preference. */
  async function searchOn(pageVersion: string | undefined, stored: string | null) {
    vi.stubGlobal('document', { documentElement: { dataset: pageVersion ? { docsVersion: pageVersion } : {} } });
    vi.stubGlobal('window', { localStorage: { getItem: () => stored, setItem: () => undefined } });
    const { files } = buildSearchIndex(versioned, { baseUrl: '/', search: { provider: 'local' }, docsVersions });
    return search(files, 'zoom preview');
  }

  it("keeps a search to the page's docs version, else the stored preference, else the last version", async () => {
    expect(await searchOn('1.0', '2.0')).toEqual(['/docs/legacy/guides/zoom']);
    expect(await searchOn('current', null)).toEqual(['/docs/api/functions/useZoom']);
    expect(await searchOn(undefined, '1.0')).toEqual(['/docs/legacy/guides/zoom']);
    expect(await searchOn(undefined, null)).toEqual(['/docs/guides/zoom']);
  });

  it('stores no versions for a site with one', () => {
    const { files } = buildSearchIndex(pages, {
      baseUrl: '/',
      search: { provider: 'local' },
      docsVersions: [docsVersions[0]],
    });
    const base = [...files].find(([name]) => name.includes('/base.'))![1];
    expect(JSON.parse(base).versions).toBeUndefined();
  });
});
