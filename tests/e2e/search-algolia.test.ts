import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser } from '../helpers/browser.js';
import { copySite, runCli } from '../helpers/run-cli.js';
import { startServeProcess, type ServerProcess } from '../helpers/cli-process.js';

const CONFIG = `export default {
  title: 'Minimal',
  url: 'https://example.com',
  organizationName: 'acme',
  projectName: 'widgets',
  docs: { sidebars: { main: ['guides/intro', 'guides/second'] } },
  search: {
    provider: 'algolia',
    appId: 'TESTAPP',
    apiKey: 'public-search-key',
    indexName: 'minimal-docs',
    searchParameters: { clickAnalytics: true },
    externalUrlRegex: 'external\\\\.example\\\\.org',
  },
};
`;

/** Two records in DocSearch's shape, answered as Algolia's multi-query endpoint documents it. */
function algoliaAnswer(query: string, page: number) {
  const hits =
    query === 'nothing'
      ? []
      : [
          {
            objectID: '1',
            url: 'https://example.com/docs/guides/second#part-two',
            type: 'lvl2',
            content: null,
            hierarchy: { lvl0: 'Guides', lvl1: 'Second Page', lvl2: 'Part two', lvl3: null },
            _highlightResult: {
              hierarchy: {
                lvl1: { value: 'Second Page', matchLevel: 'none', matchedWords: [] },
                lvl2: { value: '<mark>Part</mark> two', matchLevel: 'full', matchedWords: ['part'] },
              },
            },
            _snippetResult: {
              content: { value: 'Use the &lt;Camera&gt; <mark>part</mark> of the app', matchLevel: 'full' },
            },
          },
          {
            objectID: '2',
            url: 'https://external.example.org/blog/post',
            type: 'content',
            content: 'An external post',
            hierarchy: { lvl0: 'Blog', lvl1: 'A post', lvl2: null },
            _highlightResult: { hierarchy: { lvl1: { value: 'A post', matchLevel: 'none', matchedWords: [] } } },
            _snippetResult: { content: { value: 'An external <mark>part</mark>', matchLevel: 'full' } },
          },
        ];
  return {
    results: [
      {
        hits,
        nbHits: hits.length ? 45 : 0,
        page,
        nbPages: hits.length ? 3 : 0,
        hitsPerPage: 20,
        exhaustiveNbHits: true,
        query,
        params: '',
        processingTimeMS: 1,
      },
    ],
  };
}

describeInBrowser('search with the hosted provider (Algolia lite client, local stand-in server)', () => {
  let browser: Browser;
  let site: ServerProcess;
  let algolia: http.Server;
  let algoliaPort: number;
  let settingsFile: string;
  let settings: Record<string, unknown>;
  const received: { url: string; body: { requests: Record<string, unknown>[] } }[] = [];

  beforeAll(async () => {
    const root = copySite('minimal');
    writeFileSync(path.join(root, 'build.config.ts'), CONFIG);
    const result = runCli(['build', '--root', root]);
    expect(result.code, result.stderr).toBe(0);
    algolia = http.createServer((req, res) => {
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'POST, GET, OPTIONS',
      };
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const body = JSON.parse(raw || '{}');
        received.push({ url: req.url ?? '', body });
        const request = body.requests?.[0] ?? {};
        res
          .writeHead(200, { ...cors, 'content-type': 'application/json' })
          .end(JSON.stringify(algoliaAnswer(String(request.query ?? ''), Number(request.page ?? 0))));
      });
    });
    await new Promise<void>((resolve) => algolia.listen(0, '127.0.0.1', resolve));
    algoliaPort = (algolia.address() as AddressInfo).port;
    settingsFile = path.join(root, 'dist/search/settings.json');
    settings = JSON.parse(readFileSync(settingsFile, 'utf8'));
    site = await startServeProcess(path.join(root, 'dist'));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await new Promise((resolve) => algolia?.close(resolve));
  });

  /** Points the lite client at a host (the settings file is the one place that names it). */
  function useHost(port: number) {
    writeFileSync(
      settingsFile,
      JSON.stringify({ ...settings, hosts: [{ url: `127.0.0.1:${port}`, protocol: 'http' }] }),
    );
  }
  async function openModal(): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${site.origin}/docs/guides`);
    await page.waitForFunction(() => document.documentElement.dataset.searchReady !== undefined);
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('docsgen:open-search')));
    return page;
  }

  it('writes the provider settings and no local index', () => {
    expect(settings).toMatchObject({
      provider: 'algolia',
      appId: 'TESTAPP',
      apiKey: 'public-search-key',
      indexName: 'minimal-docs',
      contextualSearch: false,
      searchPageUrl: '/search',
    });
    expect(settings.index).toBeUndefined();
  });

  it('queries through the lite client and rewrites hit URLs to local paths unless they match externalUrlRegex', async () => {
    useHost(algoliaPort);
    const page = await openModal();
    await page.locator('.search-modal-input').fill('part');
    await page.locator('.search-option').first().waitFor();
    const last = received[received.length - 1];
    expect(last.url).toMatch(/^\/1\/indexes\/\*\/queries/);
    expect(last.url).toContain('x-algolia-application-id=TESTAPP');
    expect(last.body.requests[0]).toMatchObject({
      indexName: 'minimal-docs',
      query: 'part',
      hitsPerPage: 10,
      page: 0,
      attributesToSnippet: ['content:10'],
      clickAnalytics: true,
    });
    await expect(page.locator('.search-group-title').allTextContents()).resolves.toEqual(['Guides', 'Blog']);
    const links = page.locator('.search-option a.search-hit');
    await expect(links.nth(0).getAttribute('href')).resolves.toBe('/docs/guides/second#part-two');
    await expect(links.nth(1).getAttribute('href')).resolves.toBe('https://external.example.org/blog/post');
    await expect(links.nth(0).locator('.search-hit-title mark').textContent()).resolves.toBe('Part');
    await expect(links.nth(0).locator('.search-hit-snippet').textContent()).resolves.toBe(
      'Use the <Camera> part of the app',
    );
    await expect(page.locator('.search-hit-snippet camera').count()).resolves.toBe(0);
    await page.locator('.search-modal-input').fill('nothing');
    await page.locator('.search-no-results-title').waitFor();
    await expect(page.locator('.search-no-results-help a').getAttribute('href')).resolves.toMatch(
      /^https:\/\/github\.com\/acme\/widgets\/issues\/new\?title=/,
    );
    await page.close();
  });

  it('pages through hosted results on the search page', async () => {
    useHost(algoliaPort);
    const page = await browser.newPage();
    await page.goto(`${site.origin}/search?q=part&page=2`);
    await page.locator('.search-page-item').first().waitFor();
    expect(received[received.length - 1].body.requests[0]).toMatchObject({ query: 'part', page: 1, hitsPerPage: 20 });
    await expect(page.locator('.search-page-position').textContent()).resolves.toBe('Page 2 of 3');
    await expect(page.locator('.search-page-count').textContent()).resolves.toBe('45 results');
    await page.close();
  });

  it('shows the error screen when the provider is unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    useHost(port);
    const page = await openModal();
    await page.locator('.search-modal-input').fill('camera');
    await page.locator('.search-error').waitFor({ timeout: 20_000 });
    await expect(page.locator('.search-error-title').textContent()).resolves.toBe('Unable to fetch results');
    await expect(page.locator('.search-error-help').textContent()).resolves.toBe(
      'You might want to check your network connection.',
    );
    await page.close();
  });
});
