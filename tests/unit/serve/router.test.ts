import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouter } from '../../../cli/serve/router.js';
import { createDiskSource } from '../../../cli/serve/site-source.js';
import { get, listenLocally } from '../../helpers/http.js';
import { tempDir } from '../../helpers/run-cli.js';

describe('the shared router on a built site', () => {
  let server: http.Server;
  let origin: string;
  let root: string;

  beforeAll(async () => {
    root = tempDir('docsgen-router-');
    const site = path.join(root, 'site');
    const outside = path.join(root, 'secret');
    mkdirSync(path.join(site, 'docs/guides'), { recursive: true });
    mkdirSync(path.join(site, 'assets'), { recursive: true });
    mkdirSync(path.join(site, 'img'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(path.join(site, 'index.html'), '<h1>home</h1>');
    writeFileSync(path.join(site, '404.html'), '<h1>not here</h1>');
    writeFileSync(path.join(site, 'docs/guides/index.html'), '<h1>guides</h1>');
    writeFileSync(path.join(site, 'assets/main.ABCD1234.js'), 'console.log(1)');
    writeFileSync(path.join(site, 'img/logo.svg'), '<svg/>');
    writeFileSync(path.join(outside, 'passwords.txt'), 'hunter2');
    symlinkSync(path.join(outside, 'passwords.txt'), path.join(site, 'img/leak.txt'));
    symlinkSync(outside, path.join(site, 'linked-dir'));
    const router = createRouter({ source: createDiskSource(site), baseUrl: '/' });
    server = http.createServer((req, res) => void router(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('serves clean URLs with the HTML type and no-cache', async () => {
    const res = await get(origin, '/docs/guides');
    expect(res.status).toBe(200);
    expect(res.body).toBe('<h1>guides</h1>');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await get(origin, '/')).body).toBe('<h1>home</h1>');
  });

  it('redirects .html, /index.html and trailing slashes to the clean URL, keeping the query', async () => {
    for (const [from, to] of [
      ['/docs/guides.html', '/docs/guides'],
      ['/docs/guides/index.html', '/docs/guides'],
      ['/docs/guides/', '/docs/guides'],
      ['/index.html?q=1', '/?q=1'],
    ]) {
      const res = await get(origin, from);
      expect(res.status, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    const res = await get(origin, '/docs/nowhere');
    expect(res.status).toBe(404);
    expect(res.body).toBe('<h1>not here</h1>');
    expect((await get(origin, '/docs/nowhere.html')).status).toBe(404);
  });

  it('caches hashed assets for a year', async () => {
    const res = await get(origin, '/assets/main.ABCD1234.js');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get(origin, '/img/logo.svg', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('6');
    expect(head.body).toBe('');
    expect((await get(origin, '/img/logo.svg', { method: 'POST' })).status).toBe(405);
  });

  it.each([
    '/../secret/passwords.txt',
    '/%2e%2e/secret/passwords.txt',
    '/img/..%2f..%2fsecret%2fpasswords.txt',
    '//' + 'etc/passwd',
    '/img/leak.txt',
    '/linked-dir/passwords.txt',
  ])('answers 404 to %s without serving anything outside the site', async (rawPath) => {
    const res = await get(origin, rawPath);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('hunter2');
  });

  it('never lists a directory', async () => {
    const res = await get(origin, '/img');
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('logo.svg');
  });
});

describe('the shared router with in-memory pages and large files', () => {
  let origin: string;
  let close: () => Promise<void>;
  const big = 'a line of a large search index\n'.repeat(300_000);

  beforeAll(async () => {
    const dir = tempDir('docsgen-router-big-');
    writeFileSync(path.join(dir, 'index.json'), big);
    const disk = createDiskSource(dir);
    // Like dev: pages rendered in memory, files from disk.
    const source = {
      get: async (sitePath: string) =>
        sitePath === 'index.html' ? { body: '<h1>rendered</h1>'.repeat(100) } : disk.get(sitePath),
    };
    const router = createRouter({ source, baseUrl: '/' });
    ({ origin, close } = await listenLocally((req, res) => void router(req, res)));
  });
  afterAll(() => close());

  it('tags a page held in memory by its content and answers 304 while it is unchanged', async () => {
    const page = await get(origin, '/');
    expect(page.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(page.headers['last-modified']).toBeUndefined();
    expect((await get(origin, '/', { headers: { 'if-none-match': page.headers.etag } })).status).toBe(304);
  });

  it('streams a text file over 8 MiB compressed, without Content-Length, and whole', async () => {
    expect(big.length).toBeGreaterThan(8 * 1024 * 1024);
    const res = await get(origin, '/index.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBeUndefined();
    expect(gunzipSync(res.raw).toString()).toBe(big);
  });
});

describe('the shared router when a file vanishes', () => {
  it('answers 404 (with the 404 page) for a file deleted between being found and being sent', async () => {
    const dir = tempDir('docsgen-router-vanish-');
    writeFileSync(path.join(dir, '404.html'), '<h1>not here</h1>');
    const disk = createDiskSource(dir);
    // As if the file had been found, then deleted before the router opened it.
    const source = {
      get: async (sitePath: string) =>
        sitePath === 'gone.txt' ? { file: path.join(dir, 'gone.txt'), size: 5 } : disk.get(sitePath),
    };
    const router = createRouter({ source, baseUrl: '/' });
    const server = http.createServer((req, res) => void router(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await get(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, '/gone.txt');
      expect(res).toMatchObject({ status: 404, body: '<h1>not here</h1>' });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
