import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { startServeProcess } from '../helpers/cli-process.js';
import { startDevProcess } from '../helpers/dev-process.js';
import { get } from '../helpers/http.js';
import { copySite, runCli } from '../helpers/run-cli.js';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const INTRO_COPY =
  '# Introduction\n\nWelcome. Read the [second page](https://example.com/docs/guides/second#details) next.\n\n## First steps\n\n![Logo](https://example.com/img/dot.svg)\n';

/** tests/sites/minimal, with `extra` config keys. */
function minimalSite(extra = ''): string {
  const root = copySite('minimal');
  writeFileSync(
    path.join(root, 'build.config.ts'),
    `export default {\n  title: 'Minimal',\n  url: 'https://example.com',\n  docs: { sidebars: { main: ['guides/intro', 'guides/second'] } },\n  ${extra}\n};\n`,
  );
  return root;
}

describe('docsgen serve', () => {
  test('answers Accept: text/markdown on a page with its copy, a browser with the page, both varying by Accept', async () => {
    const root = minimalSite();
    const out = path.join(root, 'dist');
    expect(runCli(['build', '--root', root, '--out-dir', out]).code).toBe(0);
    const server = await startServeProcess(out);
    try {
      const copy = await get(server.origin, '/docs/guides', { headers: { accept: 'text/markdown' } });
      expect([copy.status, copy.headers['content-type'], copy.headers.vary, copy.body]).toEqual([
        200,
        'text/markdown; charset=utf-8',
        'Accept, Accept-Encoding',
        INTRO_COPY,
      ]);
      const page = await get(server.origin, '/docs/guides', { headers: { accept: BROWSER } });
      expect([page.headers['content-type'], page.headers.vary]).toEqual([
        'text/html; charset=utf-8',
        'Accept, Accept-Encoding',
      ]);
      expect(page.body).toContain('<link rel="alternate" type="text/markdown" href="/docs/guides.md"/>');
      const llms = await get(server.origin, '/llms.txt');
      expect([llms.status, llms.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
    } finally {
      await server.stop();
    }
  });

  test('with markdownPages: false, a page is HTML whatever the Accept header', async () => {
    const root = minimalSite('markdownPages: false, llmsTxt: false,');
    const out = path.join(root, 'dist');
    expect(runCli(['build', '--root', root, '--out-dir', out]).code).toBe(0);
    const server = await startServeProcess(out);
    try {
      const page = await get(server.origin, '/docs/guides', { headers: { accept: 'text/markdown' } });
      expect([page.headers['content-type'], page.headers.vary]).toEqual([
        'text/html; charset=utf-8',
        'Accept-Encoding',
      ]);
      expect((await get(server.origin, '/docs/guides.md')).status).toBe(404);
      expect((await get(server.origin, '/llms.txt')).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});

describe('docsgen dev', () => {
  test('makes the copy of a page from its compiled content, for its .md URL and for Accept: text/markdown', async () => {
    const root = minimalSite();
    const dev = await startDevProcess(root);
    try {
      const copy = await get(dev.origin, '/docs/guides', { headers: { accept: 'text/markdown' } });
      expect([copy.status, copy.headers['content-type'], copy.headers.vary, copy.body]).toEqual([
        200,
        'text/markdown; charset=utf-8',
        'Accept, Accept-Encoding',
        INTRO_COPY,
      ]);
      expect((await get(dev.origin, '/docs/guides.md')).body).toBe(INTRO_COPY);
      const page = await get(dev.origin, '/docs/guides', { headers: { accept: BROWSER } });
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect((await get(dev.origin, '/llms.txt')).body).toContain(
        '- [Introduction](https://example.com/docs/guides.md): ',
      );
    } finally {
      await dev.stop();
    }
  });
});
