import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.js';
import { get } from '../helpers/http.js';
import { listen } from '../helpers/live-events.js';
import { copySite } from '../helpers/run-cli.js';

describe('docsgen dev on a copy of the minimal site', () => {
  let root: string;
  let server: DevServer;
  let live: ReturnType<typeof listen>;
  const logs: string[] = [];
  const second = () => path.join(root, 'content/docs/guides/second.md');

  beforeAll(async () => {
    root = copySite('minimal');
    // Links out of the site (an error since issue 14, so not here: this site has none) are in untrusted-files-dev.test.ts.
    server = await startDevServer({ root, port: 0, log: (line) => logs.push(line) });
    live = listen(server.url);
    await live.next((e) => e.event === 'hello');
  });
  afterAll(async () => {
    live?.close();
    await server?.close();
  });

  it('serves rendered pages on loopback with the live-reload client added', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await get(server.url, '/docs/guides/second');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>Second Page | Minimal</title>');
    expect(page.body).toContain('new EventSource("/__docsgen/events")');
    expect((await get(server.url, '/img/dot.svg')).headers['content-type']).toBe('image/svg+xml');
  });

  it('redirects .html paths to clean URLs and answers unknown paths with the 404 page', async () => {
    expect(await get(server.url, '/docs/guides/second.html')).toMatchObject({
      status: 301,
      headers: { location: '/docs/guides/second' },
    });
    expect(await get(server.url, '/docs/guides/index.html')).toMatchObject({
      status: 301,
      headers: { location: '/docs/guides' },
    });
    const missing = await get(server.url, '/docs/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page Not Found');
  });

  it.each([
    '/../build.config.ts',
    '/%2e%2e/build.config.ts',
    '/img/..%2f..%2fbuild.config.ts',
    '//etc/passwd',
    '/..%5cbuild.config.ts',
  ])('answers 404 to %s', async (rawPath) => {
    const res = await get(server.url, rawPath);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('sidebars');
  });

  it('re-renders an edited page and tells the open tab to reload it', async () => {
    const reload = live.next((e) => e.event === 'reload');
    writeFileSync(
      second(),
      '# Second Page\n\nBack to [the intro](/docs/guides).\n\n## Details\n\nFreshly edited words.\n',
    );
    expect((await reload).data).toEqual({ paths: ['/docs/guides/second'] });
    expect((await get(server.url, '/docs/guides/second')).body).toContain('Freshly edited words.');
  });

  it('keeps the last version of a guide while an editor saves it in two steps (truncated, then written)', async () => {
    const before = (await get(server.url, '/docs/guides/second')).body;
    expect(before).toContain('Freshly edited words.');
    const fd = openSync(second(), 'w');
    // Dev notices the truncation within ~10 ms; what it serves during the next 60 ms must still be the last version.
    const seen: string[] = [];
    for (const until = Date.now() + 60; Date.now() < until; ) {
      await sleep(10);
      seen.push((await get(server.url, '/docs/guides/second')).body);
    }
    const reload = live.next((e) => e.event === 'reload');
    writeSync(fd, '# Second Page\n\nBack to [the intro](/docs/guides).\n\n## Details\n\nSaved in two steps.\n');
    closeSync(fd);
    await reload;
    expect(seen.filter((body) => !body.includes('Freshly edited words.'))).toEqual([]);
    expect((await get(server.url, '/docs/guides/second')).body).toContain('Saved in two steps.');
  });

  it('reloads every page when a title changes (the sidebar shows it)', async () => {
    const reload = live.next((e) => e.event === 'reload');
    writeFileSync(second(), '# Renamed Page\n\nBack to [the intro](/docs/guides).\n\n## Details\n');
    expect((await reload).data).toEqual({ paths: 'all' });
    expect((await get(server.url, '/docs/guides')).body).toContain('Renamed Page');
  });

  it('shows invalid MDX in the overlay, keeps serving, and recovers when the file is fixed', async () => {
    const file = path.join(root, 'content/docs/guides/third.mdx');
    writeFileSync(file, '# Third\n\nAll good.\n');
    await live.next((e) => e.event === 'reload');
    expect((await get(server.url, '/docs/guides/third')).body).toContain('All good.');

    const errors = live.next((e) => e.event === 'errors');
    writeFileSync(file, '# Third\n\nSome text.\n\n<div className="box">\n  Unclosed box\n');
    const payload = (await errors).data.errors;
    expect(payload).toHaveLength(1);
    expect(payload[0]).toMatchObject({
      rule: 'invalid-mdx',
      file: 'content/docs/guides/third.mdx',
      line: 5,
      column: 1,
    });
    expect(payload[0].message).toContain('Expected a closing tag for `<div>`');
    expect(payload[0].frame).toContain('> 5 | <div className="box">');
    expect(logs.join('\n')).toContain('content/docs/guides/third.mdx:5:1');

    const stillServed = await get(server.url, '/docs/guides/third');
    expect(stillServed.status).toBe(200);
    expect(stillServed.body).toContain('All good.');
    // A tab opened now gets the overlay straight away.
    const late = listen(server.url);
    await late.next((e) => e.event === 'errors');
    late.close();

    const ok = live.next((e) => e.event === 'ok');
    writeFileSync(file, '# Third\n\nFixed now.\n');
    await ok;
    expect((await get(server.url, '/docs/guides/third')).body).toContain('Fixed now.');
  });

  it('serves a file added to public/ straight away', async () => {
    const reload = live.next((e) => e.event === 'reload');
    writeFileSync(path.join(root, 'public/notes.txt'), 'hello from public');
    await reload;
    const res = await get(server.url, '/notes.txt');
    expect(res).toMatchObject({ status: 200, body: 'hello from public' });
  });
});
