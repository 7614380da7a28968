import { chmodSync, mkdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../cli/commands/serve.js';
import { spawnCli, startServeProcess } from '../helpers/cli-process.js';
import { get } from '../helpers/http.js';
import { copySite, runCli, tempDir } from '../helpers/run-cli.js';

/** Files in public/ the type and compression tests ask for (each over the 1 KiB below which nothing is compressed). */
const PUBLIC_FILES: Record<string, string | Buffer> = {
  'data/formats.csv': 'format,width,height\n' + 'yuv,3840,2160\n'.repeat(200),
  'data/example.yaml': 'camera:\n' + '  - format: yuv\n'.repeat(200),
  'sounds/shutter.mp3': Buffer.alloc(4096, 0xff),
  'img/photo.png': Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4096, 7)]),
};

describe('docsgen serve on a built site', () => {
  let root: string;
  let server: StaticServer;

  beforeAll(async () => {
    root = copySite('minimal');
    for (const [file, content] of Object.entries(PUBLIC_FILES)) {
      mkdirSync(path.dirname(path.join(root, 'public', file)), { recursive: true });
      writeFileSync(path.join(root, 'public', file), content);
    }
    expect(runCli(['build', '--root', root]).code).toBe(0);
    const outside = tempDir('docsgen-outside-');
    writeFileSync(path.join(outside, 'secret.txt'), 'top secret');
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'dist/secret.txt'));
    server = await startStaticServer({ outDir: path.join(root, 'dist'), port: 0 });
  });
  afterAll(() => server?.close());

  it('serves clean URLs, redirects .html paths and answers 404 with the 404 page', async () => {
    const page = await get(server.url, '/docs/guides/second');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Second Page | Minimal</title>');
    expect(page.body).not.toContain('__docsgen/events');
    expect(await get(server.url, '/docs/guides/second.html')).toMatchObject({
      status: 301,
      headers: { location: '/docs/guides/second' },
    });
    expect(await get(server.url, '/docs/guides/second/index.html')).toMatchObject({
      status: 301,
      headers: { location: '/docs/guides/second' },
    });
    const missing = await get(server.url, '/docs/missing');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page Not Found');
  });

  it('caches the hashed stylesheet for a year and has the browser revalidate HTML on every visit (no-cache)', async () => {
    const home = await get(server.url, '/');
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(home.body)![1];
    expect((await get(server.url, css)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(home.headers['cache-control']).toBe('no-cache');
  });

  it('sends an ETag and Last-Modified, and answers 304 without a body to If-None-Match or If-Modified-Since', async () => {
    const page = await get(server.url, '/docs/guides/second');
    const { etag, 'last-modified': lastModified } = page.headers;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Date.parse(lastModified!)).not.toBeNaN();
    for (const headers of [{ 'if-none-match': etag }, { 'if-modified-since': lastModified }]) {
      const again = await get(server.url, '/docs/guides/second', { headers });
      expect(again.status).toBe(304);
      expect(again.bytes).toBe(0);
      // A page with a Markdown copy varies by Accept too (it answers `Accept: text/markdown` with the copy).
      expect(again.headers).toMatchObject({ etag, 'cache-control': 'no-cache', vary: 'Accept, Accept-Encoding' });
    }
    expect((await get(server.url, '/docs/guides/second', { headers: { 'if-none-match': 'W/"stale"' } })).status).toBe(
      200,
    );
  });

  it('gives a changed file a new ETag, so the old one gets the new body and not a 304', async () => {
    const file = path.join(root, 'dist/data/example.yaml');
    const before = await get(server.url, '/data/example.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('yuv', 'rgb'));
    // Same size, and a modification time one second later than the one the browser saw.
    const later = new Date(Date.parse(before.headers['last-modified']!) + 1000);
    utimesSync(file, later, later);
    const after = await get(server.url, '/data/example.yaml', { headers: { 'if-none-match': before.headers.etag } });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('rgb');
  });

  it.each([
    ['gzip', gunzipSync],
    ['br', brotliDecompressSync],
  ] as const)(
    'compresses HTML, CSS and text files with %s when the client accepts it, with Vary: Accept-Encoding',
    async (encoding, decompress) => {
      const home = await get(server.url, '/');
      const css = /href="(\/assets\/[^"]+\.css)"/.exec(home.body)![1]!;
      for (const file of ['/docs/guides/second', css, '/data/formats.csv']) {
        const plain = await get(server.url, file);
        const packed = await get(server.url, file, { headers: { 'accept-encoding': encoding } });
        expect(packed.headers['content-encoding'], file).toBe(encoding);
        const vary = file === '/docs/guides/second' ? 'Accept, Accept-Encoding' : 'Accept-Encoding';
        expect(packed.headers.vary, file).toBe(vary);
        expect(Number(packed.headers['content-length']), file).toBe(packed.bytes);
        expect(packed.bytes, file).toBeLessThan(plain.bytes);
        expect(decompress(packed.raw).equals(plain.raw), file).toBe(true);
        expect(plain.headers['content-encoding'], file).toBeUndefined();
        expect(plain.headers.vary, file).toBe(vary);
      }
    },
  );

  it('picks the coding by the q-values of Accept-Encoding', async () => {
    const coding = async (accept: string) =>
      (await get(server.url, '/docs/guides/second', { headers: { 'accept-encoding': accept } })).headers[
        'content-encoding'
      ];
    expect(await coding('gzip, deflate, br, zstd')).toBe('br');
    expect(await coding('br;q=0.5, gzip')).toBe('gzip');
    expect(await coding('br;q=0, gzip;q=0')).toBeUndefined();
  });

  it('answers HEAD with the headers of GET, compressed length included, and no body', async () => {
    const headers = { 'accept-encoding': 'br' };
    const full = await get(server.url, '/docs/guides/second', { headers });
    const head = await get(server.url, '/docs/guides/second', { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(head.bytes).toBe(0);
    for (const name of ['content-type', 'content-encoding', 'content-length', 'etag', 'vary', 'cache-control'])
      expect(head.headers[name], name).toBe(full.headers[name]);
  });

  it('does not compress what is compressed already (png, mp3), and sends no Vary for it', async () => {
    for (const file of ['/img/photo.png', '/sounds/shutter.mp3']) {
      const res = await get(server.url, file, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.headers['content-encoding'], file).toBeUndefined();
      expect(res.headers.vary, file).toBeUndefined();
      expect(res.raw.equals(readFileSync(path.join(root, 'dist', file))), file).toBe(true);
    }
  });

  it('sends .csv, .yaml and .mp3 from public/ with their types (not application/octet-stream), text with charset=utf-8, all with nosniff', async () => {
    const types = {
      '/data/formats.csv': 'text/csv; charset=utf-8',
      '/data/example.yaml': 'text/yaml; charset=utf-8',
      '/sounds/shutter.mp3': 'audio/mpeg',
      '/img/photo.png': 'image/png',
      '/docs/guides': 'text/html; charset=utf-8',
    };
    for (const [file, type] of Object.entries(types)) {
      const res = await get(server.url, file);
      expect(res.headers['content-type'], file).toBe(type);
      expect(res.headers['x-content-type-options'], file).toBe('nosniff');
    }
  });

  it.each([
    '/../build.config.ts',
    '/%2e%2e/build.config.ts',
    '/docs/%2e%2e%2f%2e%2e%2fbuild.config.ts',
    '//etc/passwd',
    '/secret.txt',
  ])('answers 404 to %s', async (rawPath) => {
    const res = await get(server.url, rawPath);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('top secret');
  });

  it('runs as a CLI command and stops on SIGTERM', async () => {
    const serve = await startServeProcess(path.join(root, 'dist'));
    expect((await get(serve.url, '/docs/guides')).status).toBe(200);
    expect(await serve.stop('SIGTERM')).toBe(0);
  });

  it('exits 0 on a SIGTERM sent the moment it prints its URL (it listens for signals before it says it is ready)', async () => {
    for (let i = 0; i < 4; i++) {
      const serve = await startServeProcess(path.join(root, 'dist'));
      expect(await serve.stop('SIGTERM')).toBe(0);
    }
  });

  it('--strict-port on a busy port exits 2 with a message naming the port, instead of taking the next one', async () => {
    const busy = await occupyPort();
    try {
      const serve = spawnCli(['serve', '--root', root, '--port', String(busy.port), '--strict-port']);
      expect(await serve.exited).toBe(2);
      expect(serve.stderr()).toContain(`port ${busy.port} is in use (--strict-port)`);
      expect(serve.stderr()).toContain(
        'hint: stop the server using it, pass another --port, or leave out --strict-port',
      );
      expect(serve.stderr()).not.toMatch(/\n\s+at /);
    } finally {
      await busy.close();
    }
  });

  it('--open runs $BROWSER with the served URL', async () => {
    const { browser, opened } = recordingBrowser();
    const serve = await startServeProcess(path.join(root, 'dist'), ['--open'], { BROWSER: browser });
    try {
      await expect.poll(opened, { timeout: 60_000 }).toBe(`${serve.url}\n`);
    } finally {
      await serve.stop();
    }
  });

  it('--open with BROWSER=none opens nothing, and a browser that cannot start is a warning: serve keeps running', async () => {
    const none = await startServeProcess(path.join(root, 'dist'), ['--open'], { BROWSER: 'none' });
    expect(none.stderr()).not.toContain('browser');
    expect(await none.stop('SIGTERM')).toBe(0);
    const missing = path.join(tempDir('docsgen-no-browser-'), 'no-such-browser');
    const broken = await startServeProcess(path.join(root, 'dist'), ['--open'], { BROWSER: missing });
    await broken.waitFor(/could not open a browser/);
    expect(broken.stderr()).toContain(`! could not open a browser (spawn ${missing} ENOENT); visit ${broken.url}`);
    expect((await get(broken.url, '/docs/guides')).status).toBe(200);
    expect(await broken.stop('SIGTERM')).toBe(0);
  });

  it('refuses a folder without a built site, with exit 2', () => {
    const { code, stderr } = runCli(['serve', '--root', copySite('minimal'), '--port', '0']);
    expect(code).toBe(2);
    expect(stderr).toContain('no built site in');
    expect(stderr).toContain('run `docsgen build` first');
  });
});

/** Holds a port on 127.0.0.1 so a server asked for it finds it busy. */
async function occupyPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const blocker = http.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  return {
    port: (blocker.address() as AddressInfo).port,
    close: () => new Promise((resolve) => blocker.close(() => resolve())),
  };
}

/** A stand-in browser for --open: a script that writes the URL it is given to a file, instead of opening anything. */
function recordingBrowser(): { browser: string; opened: () => string } {
  const dir = tempDir('docsgen-browser-');
  const browser = path.join(dir, 'browser.sh');
  const log = path.join(dir, 'opened.txt');
  writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$1" >> '${log}'\n`);
  chmodSync(browser, 0o755);
  return { browser, opened: () => readFileSync(log, { encoding: 'utf8', flag: 'a+' }) };
}
