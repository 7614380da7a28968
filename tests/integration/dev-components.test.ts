/**
 * `docsgen dev` and site components (issue 19 §3): editing a component
 * module, or a module it imports, renders the pages that use it again; a
 * module that stops building is shown in the overlay while the last good
 * bundle keeps rendering.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.js';
import { fixturesDir } from '../helpers/docusaurus-fixtures.js';
import { get } from '../helpers/http.js';
import { listen } from '../helpers/live-events.js';
import { tempDir } from '../helpers/run-cli.js';

describe('docsgen dev on a copy of the components site', () => {
  let root: string;
  let server: DevServer;
  let live: ReturnType<typeof listen>;
  const edit = (file: string, from: string, to: string) => {
    const full = path.join(root, file);
    writeFileSync(full, readFileSync(full, 'utf8').replace(from, to));
  };

  beforeAll(async () => {
    root = tempDir('docsgen-dev-components-');
    cpSync(path.join(fixturesDir, 'components'), root, { recursive: true });
    server = await startDevServer({ root, port: 0, log: () => undefined });
    live = listen(server.url);
    await live.next((e) => e.event === 'hello');
  });
  afterAll(async () => {
    live?.close();
    await server?.close();
  });

  it('renders the pages that use a component again when a module it imports changes', async () => {
    expect((await get(server.url, '/docs/intro')).body).toContain('<p>2 of 3 ready</p>');
    const reload = live.next((e) => e.event === 'reload' && e.data.paths.includes('/docs/intro'));
    edit('src/lib/format.ts', '`${done} of ${total} ready`', '`${done} out of ${total}`');
    await reload;
    expect((await get(server.url, '/docs/intro')).body).toContain('<p>2 out of 3</p>');
  });

  it('shows a component that stops building in the overlay, and renders with it again once fixed', async () => {
    const errors = live.next((e) => e.event === 'errors');
    edit(
      'src/components/BrowserWindow.tsx',
      '<div className="browser-window-body">{children}</div>',
      '<div className="browser-window-body">{children}</span>',
    );
    const shown = await errors;
    expect(JSON.stringify(shown.data.errors)).toContain('src/components/BrowserWindow.tsx');
    // The last good bundle still renders the page.
    expect((await get(server.url, '/docs/frames')).body).toContain(
      '<span class="browser-window-address">https://example.com/inner</span>',
    );

    const fixed = live.next((e) => e.event === 'ok');
    const reload = live.next((e) => e.event === 'reload' && e.data.paths.includes('/docs/frames'));
    const file = path.join(root, 'src/components/BrowserWindow.tsx');
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replace('{children}</span>', '{children}</div>')
        .replace('className="browser-window-address"', 'className="address-bar"'),
    );
    await Promise.all([fixed, reload]);
    expect((await get(server.url, '/docs/frames')).body).toContain(
      '<span class="address-bar">https://example.com/inner</span>',
    );
  });
});
