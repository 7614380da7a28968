/**
 * `docsgen dev` and `theme.customCss` (issue 31 §2): an edit of the site's stylesheet, or of a file it imports,
 * swaps the stylesheet in place (the `css` event); one that stops parsing is shown in the overlay at its file, line
 * and column while the last good stylesheet is served, and the fix clears it.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.js';
import { get } from '../helpers/http.js';
import { listen } from '../helpers/live-events.js';
import { repoRoot, tempDir } from '../helpers/run-cli.js';

describe('docsgen dev with theme.customCss', () => {
  let root: string;
  let server: DevServer;
  let live: ReturnType<typeof listen>;
  const write = (file: string, contents: string) => writeFileSync(path.join(root, file), contents);
  /** The stylesheet the page links to now. */
  const stylesheet = async () => {
    const page = (await get(server.url, '/docs/guides/second')).body;
    const href = /<link rel="stylesheet" href="(\/assets\/styles\.[^"]+\.css)"/.exec(page)?.[1] ?? '/none.css';
    return (await get(server.url, href)).body;
  };

  beforeAll(async () => {
    root = tempDir('docsgen-dev-custom-css-');
    cpSync(path.join(repoRoot, 'tests/sites/minimal'), root, { recursive: true });
    mkdirSync(path.join(root, 'src/css'), { recursive: true });
    write('src/css/custom.css', '@import "./brand.css";\n.site-card { color: teal; }\n');
    write('src/css/brand.css', ':root { --ifm-color-primary: #2e8555; }\n');
    const config = path.join(root, 'build.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        'export default {\n',
        "export default {\n  theme: { customCss: ['src/css/custom.css'] },\n",
      ),
    );
    server = await startDevServer({ root, port: 0, log: () => undefined });
    live = listen(server.url);
    await live.next((e) => e.event === 'hello');
  });
  afterAll(async () => {
    live?.close();
    await server?.close();
  });

  it('swaps the stylesheet when the site stylesheet or a file it imports changes', async () => {
    expect(await stylesheet()).toContain('.site-card{color:teal}');
    let swapped = live.next((e) => e.event === 'css');
    write('src/css/custom.css', '@import "./brand.css";\n.site-card { color: navy; }\n');
    await swapped;
    expect(await stylesheet()).toContain('.site-card{color:navy}');

    swapped = live.next((e) => e.event === 'css');
    write('src/css/brand.css', ':root { --ifm-color-primary: #7c3aed; }\n');
    await swapped;
    expect(await stylesheet()).toContain('--ifm-color-primary: #7c3aed');
  });

  it('shows a syntax error in the overlay at its place, keeps the last good stylesheet, and clears it once fixed', async () => {
    const errors = live.next((e) => e.event === 'errors');
    write('src/css/custom.css', '@import "./brand.css";\n.site-card { color: navy;\n');
    const shown = await errors;
    expect(shown.data.errors).toContainEqual(
      expect.objectContaining({ file: path.join('src', 'css', 'custom.css'), line: 3, rule: 'custom-css' }),
    );
    expect(await stylesheet()).toContain('.site-card{color:navy}');

    const fixed = live.next((e) => e.event === 'ok');
    write('src/css/custom.css', '@import "./brand.css";\n.site-card { color: olive; }\n');
    await fixed;
    expect(await stylesheet()).toContain('.site-card{color:olive}');
  });
});
