/**
 * `docsgen dev` and `client: true` components (issue 31 §3): the page names the component's browser chunk and dev
 * serves it; editing the component builds a new chunk, which the page then names.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.js';
import { fixturesDir } from '../helpers/docusaurus-fixtures.js';
import { get } from '../helpers/http.js';
import { listen } from '../helpers/live-events.js';
import { tempDir } from '../helpers/run-cli.js';

let root: string;
let server: DevServer;
let live: ReturnType<typeof listen>;

beforeAll(async () => {
  root = tempDir('docsgen-dev-client-components-');
  cpSync(path.join(fixturesDir, 'client-components'), root, { recursive: true });
  server = await startDevServer({ root, port: 0, log: () => undefined });
  live = listen(server.url);
  await live.next((e) => e.event === 'hello');
});
afterAll(async () => {
  live?.close();
  await server?.close();
});

/** The chunk the counter page names, and what dev serves for it. */
async function counterChunk(): Promise<{ url: string; code: string }> {
  const page = (await get(server.url, '/base/docs/counter')).body;
  const url = /data-src="(\/base\/assets\/components\/Counter\.\w+\.js)"/.exec(page)?.[1];
  expect(url).toBeDefined();
  const chunk = await get(server.url, url!);
  expect(chunk.status).toBe(200);
  return { url: url!, code: chunk.body };
}

it('serves the chunk the page names, and a new one once the component changes', async () => {
  const before = await counterChunk();
  expect(before.code).toContain('Clicked');
  const reload = live.next(
    (e) => e.event === 'reload' && (e.data.paths as string[]).some((p) => p.endsWith('/docs/counter')),
  );
  const file = path.join(root, 'src/components/Counter.tsx');
  writeFileSync(file, readFileSync(file, 'utf8').replace('Clicked {count} times', 'Pressed {count} times'));
  await reload;
  const after = await counterChunk();
  expect(after.url).not.toBe(before.url);
  expect(after.code).toContain('Pressed');
  expect((await get(server.url, '/base/docs/counter')).body).toContain('Pressed <!-- -->2<!-- --> times');
});
