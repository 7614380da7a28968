import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { prefersMarkdown } from '../../../cli/serve/accept-markdown.js';
import { createRouter } from '../../../cli/serve/router.js';
import type { SiteSource } from '../../../cli/serve/site-source.js';
import { get, listenLocally } from '../../helpers/http.js';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('which representation an Accept header asks for', () => {
  test.each([
    ['text/markdown', true],
    ['text/markdown, text/html;q=0.9', true],
    ['text/markdown, text/html', true],
    ['text/html;q=0.5, text/markdown;q=0.8, */*;q=0.1', true],
    ['TEXT/MARKDOWN', true],
    [BROWSER, false],
    ['*/*', false],
    ['text/*', false],
    ['text/html, text/markdown;q=0.9', false],
    ['text/markdown;q=0', false],
    ['text/plain', false],
    ['', false],
  ])('%j → Markdown: %s', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });
});

describe('a page asked for as Markdown', () => {
  const files: Record<string, string> = {
    'index.html': '<h1>home</h1>',
    'index.md': '# Home\n',
    'docs/guides/formats/index.html': '<h1>Formats</h1>',
    'docs/guides/formats.md': '# Formats\n',
    'search/index.html': '<h1>Search</h1>',
    '404.html': '<h1>not here</h1>',
  };
  const source: SiteSource = { get: async (sitePath) => (sitePath in files ? { body: files[sitePath] } : undefined) };
  let copies = true;
  let server: Awaited<ReturnType<typeof listenLocally>>;
  beforeAll(async () => {
    server = await listenLocally(
      (req, res) => void createRouter({ source, baseUrl: '/', markdownCopies: () => copies })(req, res),
    );
  });
  afterAll(() => server.close());

  test('Accept: text/markdown on a page URL answers with its copy, as text/markdown, varying by Accept', async () => {
    const response = await get(server.origin, '/docs/guides/formats', { headers: { accept: 'text/markdown' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(response.headers.vary).toBe('Accept, Accept-Encoding');
    expect(response.body).toBe('# Formats\n');
    const home = await get(server.origin, '/', { headers: { accept: 'text/markdown' } });
    expect(home.body).toBe('# Home\n');
  });

  test("a browser's Accept gets the HTML, also varying by Accept", async () => {
    const response = await get(server.origin, '/docs/guides/formats', { headers: { accept: BROWSER } });
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.vary).toBe('Accept, Accept-Encoding');
    expect(response.body).toBe('<h1>Formats</h1>');
  });

  test('the .md URL is the copy itself; a page without a copy does not vary', async () => {
    const copy = await get(server.origin, '/docs/guides/formats.md');
    expect(copy.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(copy.body).toBe('# Formats\n');
    const search = await get(server.origin, '/search', { headers: { accept: 'text/markdown' } });
    expect(search.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(search.headers.vary).toBe('Accept-Encoding');
  });

  test('with markdownPages off there is no negotiation', async () => {
    copies = false;
    try {
      const response = await get(server.origin, '/docs/guides/formats', { headers: { accept: 'text/markdown' } });
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers.vary).toBe('Accept-Encoding');
    } finally {
      copies = true;
    }
  });
});
