/**
 * `docsgen dev` and the pages of src/pages (issue 31 §4): the watcher sees the pages folder and the files the React
 * pages import; a page added while dev runs is served, an edited one reloads, a component a React page imports
 * renders it again.
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

  it('renders a React page again when a component it imports changes', async () => {
    expect((await get(server.url, '/showcase')).body).toContain('Built by Acme');
    const reload = live.next(reloads('/showcase'));
    const card = path.join(root, 'src/components/Card.tsx');
    writeFileSync(card, readFileSync(card, 'utf8').replace('Built by', 'Made by'));
    await reload;
    expect((await get(server.url, '/showcase')).body).toContain('Made by Acme');
  });
});
