import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevProcess, type DevProcess } from '../helpers/dev-process.js';
import { get } from '../helpers/http.js';
import { copySite } from '../helpers/run-cli.js';

describe('docsgen dev when a file a page imports changes', () => {
  let root: string;
  let dev: DevProcess;
  const write = (relative: string, text: string) => writeFileSync(path.join(root, relative), text);
  /** Resolves once the page's body contains `text` (dev has caught up). */
  const waitForText = (route: string, text: string) =>
    expect.poll(async () => (await get(dev.url, route)).body, { timeout: 60_000, interval: 50 }).toContain(text);

  beforeAll(async () => {
    root = copySite('minimal');
    mkdirSync(path.join(root, 'content/docs/guides/_parts'));
    write('content/docs/guides/_parts/_shared.mdx', 'Shared text, first version.\n');
    write('public/snippet.ts', 'export const version = 1;\n');
    write('content/docs/guides/intro.md', '# Intro\n\nWelcome.\n');
    rmSync(path.join(root, 'content/docs/guides/second.md'));
    write(
      'content/docs/guides/second.mdx',
      "# Second\n\nimport Shared from './_parts/_shared.mdx';\nimport Later from './_parts/_later.mdx';\nimport snippet from '@site/public/snippet.ts?raw';\n\n<Shared />\n\n<Later />\n\n{snippet}\n",
    );
    dev = await startDevProcess(root);
  });
  afterAll(async () => {
    await dev?.stop();
  });

  it('rebuilds the page when its partial is edited', async () => {
    await waitForText('/docs/guides/second', 'Shared text, first version.');
    write('content/docs/guides/_parts/_shared.mdx', 'Shared text, second version.\n');
    await waitForText('/docs/guides/second', 'Shared text, second version.');
  });

  it('rebuilds the page when a file in public/ it imports as text is edited', async () => {
    await waitForText('/docs/guides/second', 'export const version = 1;');
    write('public/snippet.ts', 'export const version = 2;\n');
    await waitForText('/docs/guides/second', 'export const version = 2;');
  });

  it('shows a partial that was missing once it is written', async () => {
    expect(dev.stderr()).toContain(
      "content/docs/guides/second.mdx:4:1  cannot import './_parts/_later.mdx': no file at content/docs/guides/_parts/_later.mdx",
    );
    write('content/docs/guides/_parts/_later.mdx', 'Written later.\n');
    await waitForText('/docs/guides/second', 'Written later.');
  });
});
