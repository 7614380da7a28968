import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevProcess, type DevProcess } from '../helpers/dev-process.js';
import { get } from '../helpers/http.js';
import { copySite } from '../helpers/run-cli.js';

/** Every file of the site's sources (content, public, config), relative to the root, with its text. */
function sources(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const dir of ['content', 'public']) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      files[path.relative(root, file)] = readFileSync(file, 'utf8');
    }
  }
  files['build.config.ts'] = readFileSync(path.join(root, 'build.config.ts'), 'utf8');
  return files;
}

describe('docsgen dev when a guide is deleted or renamed while it rebuilds', () => {
  let root: string;
  let dev: DevProcess;
  /** What the sources should hold: the fixture plus the test's own writes. */
  let expected: Record<string, string>;
  const guides = () => path.join(root, 'content/docs/guides');

  const write = (name: string, text: string) => {
    writeFileSync(path.join(guides(), name), text);
    expected[`content/docs/guides/${name}`] = text;
  };
  const remove = (name: string) => {
    rmSync(path.join(guides(), name));
    delete expected[`content/docs/guides/${name}`];
  };
  const rename = (from: string, to: string) => {
    renameSync(path.join(guides(), from), path.join(guides(), to));
    expected[`content/docs/guides/${to}`] = expected[`content/docs/guides/${from}`]!;
    delete expected[`content/docs/guides/${from}`];
  };
  /** Resolves once the page answers with this status (dev has caught up). */
  const waitForStatus = (route: string, status: number) =>
    expect.poll(async () => (await get(dev.url, route)).status, { timeout: 60_000, interval: 50 }).toBe(status);
  /** What dev prints from now on, once it matches (dev prints an update's errors just before its `•` line). */
  const nextOutput = async (pattern: RegExp) => {
    const from = dev.stderr().length;
    await expect.poll(() => dev.stderr().slice(from), { timeout: 60_000, interval: 50 }).toMatch(pattern);
    return dev.stderr().slice(from);
  };

  beforeAll(async () => {
    root = copySite('minimal');
    expected = sources(root);
    dev = await startDevProcess(root);
  });
  afterAll(async () => {
    await dev?.stop();
  });

  it('a guide deleted a few ms after it was written: its URL answers the 404 page, and the links to it are reported', async () => {
    const output = nextOutput(/removed \/docs\/guides\/second/);
    write(
      'second.md',
      '# Second Page\n\nBack to [the intro](/docs/guides).\n\n## Details\n\nRewritten just before it goes.\n',
    );
    await sleep(3);
    remove('second.md');
    await waitForStatus('/docs/guides/second', 404);
    const missing = await get(dev.url, '/docs/guides/second');
    expect(missing.body).toContain('Page Not Found');
    const printed = await output;
    expect(printed).toMatch(
      /^• content\/docs\/guides\/second\.md → removed \/docs\/guides\/second; reloaded every page \(\d+ ms\)$/m,
    );
    // The intro's Markdown link and the sidebar entry now name a missing doc; dev says so and keeps running.
    expect(printed).toMatch(
      /^error {2}content\/docs\/guides\/intro\.md:6:19 {2}broken markdown link \.\/second\.md#details: no doc file at that path {2}\[broken-markdown-link\]$/m,
    );
    expect(printed).toMatch(
      /^error {2}build\.config\.ts:4:46 {2}docs\.sidebars\.main\[1\]: the sidebar names doc 'guides\/second', which does not exist {2}\[sidebar-missing-doc\]$/m,
    );
    expect((await get(dev.url, '/docs/guides')).status).toBe(200);
  });

  it('a deleted guide written again is served again, and its errors clear', async () => {
    const output = nextOutput(/added \/docs\/guides\/second/);
    write('second.md', '# Second Page\n\nBack to [the intro](/docs/guides).\n\n## Details\n\nBack again.\n');
    await waitForStatus('/docs/guides/second', 200);
    expect((await get(dev.url, '/docs/guides/second')).body).toContain('Back again.');
    const printed = await output;
    expect(printed).toMatch(
      /^• content\/docs\/guides\/second\.md → added \/docs\/guides\/second; reloaded every page \(\d+ ms\)$/m,
    );
    expect(printed).toMatch(/^✔ errors fixed$/m);
  });

  it('a renamed guide is served at its new URL and its old URL answers the 404 page', async () => {
    write('notes.md', '# Notes\n\nSome notes.\n');
    await waitForStatus('/docs/guides/notes', 200);
    const output = nextOutput(/added \/docs\/guides\/moved-notes/);
    rename('notes.md', 'moved-notes.md');
    await waitForStatus('/docs/guides/moved-notes', 200);
    expect((await get(dev.url, '/docs/guides/moved-notes')).body).toContain('Some notes.');
    const old = await get(dev.url, '/docs/guides/notes');
    expect(old.status).toBe(404);
    expect(old.body).toContain('Page Not Found');
    expect(await output).toMatch(
      /→ added \/docs\/guides\/moved-notes; removed \/docs\/guides\/notes; reloaded every page \(\d+ ms\)$/m,
    );
  });

  it('a guide deleted and written again in quick succession ends up served with its last text', async () => {
    for (let i = 0; i < 10; i++) {
      write('flicker.md', `# Flicker\n\nVersion ${i}.\n`);
      await sleep(i % 3);
      remove('flicker.md');
      await sleep(i % 4);
    }
    write('flicker.md', '# Flicker\n\nThe last version.\n');
    await expect
      .poll(async () => (await get(dev.url, '/docs/guides/flicker')).body, { timeout: 60_000, interval: 50 })
      .toContain('The last version.');
  });

  it('keeps running through all of it, without a stack trace, and never writes to the sources', () => {
    expect(dev.child.exitCode).toBeNull();
    expect(dev.stderr()).not.toMatch(/\n\s+at |ENOENT/);
    expect(sources(root)).toEqual(expected);
    expect(existsSync(path.join(root, 'dist'))).toBe(false);
  });
});
