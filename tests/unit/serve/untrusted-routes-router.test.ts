import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouter } from '../../../cli/serve/router.js';
import { createDiskSource } from '../../../cli/serve/site-source.js';
import { get } from '../../helpers/http.js';
import { tempDir } from '../../helpers/run-cli.js';

/** Pages whose routes need percent-encoding, as `build` writes them. */
const PAGES = [
  'docs/guides/カメラ',
  'docs/guides/café',
  'docs/guides/a b',
  "docs/guides/it's (x)",
  'docs/guides/a+b&c',
];

describe('the shared router with routes outside ASCII', () => {
  let server: http.Server;
  let origin: string;

  beforeAll(async () => {
    const site = tempDir('docsgen-router-unicode-');
    writeFileSync(path.join(site, '404.html'), '<h1>not here</h1>');
    for (const page of PAGES) {
      mkdirSync(path.join(site, page), { recursive: true });
      writeFileSync(path.join(site, page, 'index.html'), `<h1>${page}</h1>`);
    }
    const router = createRouter({ source: createDiskSource(site), baseUrl: '/' });
    server = http.createServer((req, res) => void router(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('serves each page at its percent-encoded URL', async () => {
    for (const page of PAGES) {
      const res = await get(origin, '/' + page.split('/').map(encodeURIComponent).join('/'));
      expect([res.status, res.body]).toEqual([200, `<h1>${page}</h1>`]);
    }
  });

  it('answers a trailing slash on a non-Latin-1 route with a 301 to the encoded clean URL, not a 500', async () => {
    expect(await get(origin, '/docs/guides/%E3%82%AB%E3%83%A1%E3%83%A9/')).toMatchObject({
      status: 301,
      headers: { location: '/docs/guides/%E3%82%AB%E3%83%A1%E3%83%A9' },
    });
    expect(await get(origin, '/docs/guides/%E3%82%AB%E3%83%A1%E3%83%A9/index.html?tab=%E3%82%AB')).toMatchObject({
      status: 301,
      headers: { location: '/docs/guides/%E3%82%AB%E3%83%A1%E3%83%A9?tab=%E3%82%AB' },
    });
    expect(await get(origin, '/docs/guides/caf%C3%A9.html')).toMatchObject({
      status: 301,
      headers: { location: '/docs/guides/caf%C3%A9' },
    });
    expect(await get(origin, '/docs/guides/a%20b/')).toMatchObject({
      status: 301,
      headers: { location: '/docs/guides/a%20b' },
    });
  });

  it('keeps characters a path may hold as they are in the Location', async () => {
    expect((await get(origin, "/docs/guides/it's%20(x)/")).headers.location).toBe("/docs/guides/it's%20(x)");
    expect((await get(origin, '/docs/guides/a+b&c/')).headers.location).toBe('/docs/guides/a+b&c');
  });
});
