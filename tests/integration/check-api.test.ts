import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from '../../cli/index.js';
import { copySite } from '../helpers/run-cli.js';

describe("check() from 'docsgen'", () => {
  it('resolves to the diagnostics without writing the site', async () => {
    const result = await check({ root: copySite('broken-link') });
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      expect.objectContaining({
        rule: 'broken-link',
        file: 'content/docs/guides/second.md',
        line: 5,
        column: 5,
        target: '/docs/guides/missing',
      }),
    ]);
    expect(result.warnings).toEqual([]);
    expect(result.pages).toBe(6);
  });

  it('honours the config: onBrokenLinks "warn" turns the broken link into a warning', async () => {
    const root = copySite('broken-link');
    const config = path.join(root, 'build.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        "url: 'https://example.com',",
        "url: 'https://example.com',\n  onBrokenLinks: 'warn',",
      ),
    );
    const result = await check({ root });
    expect(result.ok).toBe(true);
    expect(result.warnings.map((w) => w.rule)).toEqual(['broken-link']);
  });
});

describe('check --external against a local server', () => {
  let server: http.Server;
  let origin: string;
  const hits: string[] = [];
  let flakyCalls = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      if (req.url === '/alive') return void res.writeHead(200).end('ok');
      if (req.url === '/no-head') return void res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
      if (req.url === '/flaky') return void res.writeHead(++flakyCalls === 1 ? 503 : 200).end();
      if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end(), 2_000);
      res.writeHead(404).end('gone');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('finds dead links, retries transient failures, times out slow hosts and caches live links', async () => {
    const root = copySite('minimal');
    writeFileSync(
      path.join(root, 'content/docs/guides/second.md'),
      `# Second Page\n\n## Details\n\n[Alive](${origin}/alive#part), [no HEAD](${origin}/no-head), [flaky](${origin}/flaky).\n\n[Gone](${origin}/gone)\n\n[Slow](${origin}/slow)\n`,
    );
    // The test server is on 127.0.0.1, which check --external only requests when allowed.
    const options = {
      external: { timeoutMs: 500, retries: 1, retryDelayMs: 10, hostDelayMs: 5, allowPrivateNetworks: true },
    };
    const result = await check({ root, ...options });
    expect(result.errors).toEqual([
      expect.objectContaining({
        rule: 'broken-external-link',
        message: `broken external link → ${origin}/gone (HTTP 404)`,
        file: 'content/docs/guides/second.md',
        line: 7,
        column: 1,
      }),
    ]);
    expect(result.warnings).toEqual([
      expect.objectContaining({
        rule: 'unreachable-external-link',
        message: `could not verify external link → ${origin}/slow (no answer within 500 ms)`,
        line: 9,
      }),
    ]);
    expect(hits.filter((h) => h.endsWith('/flaky'))).toHaveLength(2);
    expect(hits).toContain('GET /no-head');

    const cache = JSON.parse(readFileSync(path.join(root, 'node_modules/.cache/docsgen/external-links.json'), 'utf8'));
    expect(Object.keys(cache.alive).sort()).toEqual([`${origin}/alive`, `${origin}/flaky`, `${origin}/no-head`]);
    hits.length = 0;
    await check({ root, ...options });
    expect(hits.filter((h) => /alive|flaky|no-head/.test(h))).toEqual([]);
  });

  it('does not request external links unless asked', async () => {
    const root = copySite('minimal');
    writeFileSync(path.join(root, 'content/docs/guides/second.md'), `# Second Page\n\n[Gone](${origin}/never-asked)\n`);
    hits.length = 0;
    expect((await check({ root })).ok).toBe(true);
    expect(hits).toEqual([]);
  });
});
