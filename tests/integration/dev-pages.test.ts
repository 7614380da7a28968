/**
 * `docsgen dev` and the pages of src/pages (issue 31 §4): the watcher sees the pages folder and the files the React
 * pages import; a page added while dev runs is served (and a doc's `.md` link to it resolves), an edited one reloads,
 * a component a React page imports renders it again.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.js';
import { get } from '../helpers/http.js';
import { listen } from '../helpers/live-events.js';
import { copySite } from '../helpers/run-cli.js';

/** Reloads that name this route (or all pages). */
const reloads = (route: string) => (e: { event: string; data: { paths?: string[] | 'all' } }) =>
  e.event === 'reload' && (e.data.paths === 'all' || (e.data.paths ?? []).includes(route));

describe('docsgen dev on a copy of the pages site', () => {
  let root: string;
  let server: DevServer;
  let live: ReturnType<typeof listen>;

  beforeAll(async () => {
    process.env.DOCSGEN_COMPONENT_TIMEOUT = '60';
    root = copySite('pages');
    server = await startDevServer({ root, port: 0, log: () => undefined });
    live = listen(server.url);
    await live.next((e) => e.event === 'hello');
  });
  afterAll(async () => {
    live?.close();
    await server?.close();
  });

  it('serves a Markdown page added while it runs, and its edit', async () => {
    expect((await get(server.url, '/faq')).status).toBe(404);
    const added = live.next(reloads('/faq'));
    mkdirSync(path.join(root, 'src/pages/faq'), { recursive: true });
    writeFileSync(path.join(root, 'src/pages/faq/index.md'), '# Questions\n\nAsked often.\n');
    await added;
    expect((await get(server.url, '/faq')).body).toContain('Questions');
    const edited = live.next(reloads('/faq'));
    writeFileSync(path.join(root, 'src/pages/faq/index.md'), '# Answers\n\nAsked often.\n');
    await edited;
    expect((await get(server.url, '/faq')).body).toContain('Answers');
  });

  it("a doc's `.md` link to a page added while it runs resolves once the page exists", async () => {
    const errors = live.next((e) => e.event === 'errors');
    writeFileSync(path.join(root, 'content/docs/intro.md'), '# Intro\n\nSee [later](../../src/pages/later.md).\n');
    expect(JSON.stringify((await errors).data)).toContain('broken markdown link ../../src/pages/later.md');
    const fixed = live.next((e) => e.event === 'ok');
    writeFileSync(path.join(root, 'src/pages/later.md'), '# Later\n');
    await fixed;
    expect((await get(server.url, '/docs/intro')).body).toContain('<a href="/later">later</a>');
  });

  it('renders a React page again when a component it imports changes', async () => {
    expect((await get(server.url, '/showcase')).body).toContain('Built by Acme');
    const reload = live.next(reloads('/showcase'));
    const card = path.join(root, 'src/components/Card.tsx');
    writeFileSync(card, readFileSync(card, 'utf8').replace('Built by', 'Made by'));
    await reload;
    expect((await get(server.url, '/showcase')).body).toContain('Made by Acme');
  });

  it("serves a hydrated page's chunk, and builds it again when the page changes", async () => {
    const chunkOf = async () => {
      const html = (await get(server.url, '/counter')).body;
      const src = html.match(/data-src="(\/assets\/pages\/[^"]+\.js)"/)?.[1];
      expect(src, html).toBeDefined();
      return { src: src!, code: (await get(server.url, src!)).body };
    };
    const before = await chunkOf();
    expect(before.code).toContain('Clicked');
    const reload = live.next(reloads('/counter'));
    const page = path.join(root, 'src/pages/counter.tsx');
    writeFileSync(page, readFileSync(page, 'utf8').replace('Clicked {count} times', 'Pressed {count} times'));
    await reload;
    const after = await chunkOf();
    expect(after.src).not.toBe(before.src);
    expect(after.code).toContain('Pressed');
    expect((await get(server.url, '/counter')).body).toContain('Pressed <!-- -->0<!-- --> times');
  });
});
