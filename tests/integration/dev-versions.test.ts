/**
 * `docsgen dev` serves every docs version, and Docusaurus's versions files
 * (versions.json, versioned_docs/, versioned_sidebars/) are watched as
 * content: an edit there updates the pages of that version.
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevProcess, type DevProcess } from '../helpers/dev-process.js';
import { get } from '../helpers/http.js';
import { tempDir } from '../helpers/run-cli.js';

describe('docsgen dev on a versioned site', () => {
  let root: string;
  let dev: DevProcess;
  const body = async (route: string) => (await get(dev.url, route)).body;
  const poll = (route: string) => expect.poll(() => body(route), { timeout: 60_000, interval: 100 });

  beforeAll(async () => {
    root = tempDir('docsgen-dev-versions-');
    cpSync(path.join(import.meta.dirname, '../fixtures/docusaurus/versions'), root, { recursive: true });
    dev = await startDevProcess(root);
  });
  afterAll(async () => {
    await dev?.stop();
  });

  it('serves each version at its route, with its banner', async () => {
    expect(await body('/docs/intro')).toContain('Lantern 2.0 lights the way');
    const legacy = await body('/docs/legacy/intro');
    expect(legacy).toContain('Lantern 1.0 reads one log file');
    expect(legacy).toContain('no longer actively maintained');
    expect(await body('/docs/next/new-feature')).toContain('Live tail');
  });

  it('rebuilds a version when its versioned doc changes', async () => {
    writeFileSync(
      path.join(root, 'versioned_docs/version-1.0/intro.md'),
      '---\ntitle: Introduction\n---\n\nLantern 1.0 reads two log files now.\n',
    );
    await poll('/docs/legacy/intro').toContain('reads two log files now');
  });

  it('rebuilds when versions.json and the versioned sidebars change', async () => {
    writeFileSync(
      path.join(root, 'versioned_sidebars/version-2.0-sidebars.json'),
      '{ "docs": ["guides/setup", "intro"] }',
    );
    await poll('/docs/guides/setup').toMatch(/class="pagination-link pagination-next" href="\/docs\/intro"/);
    mkdirSync(path.join(root, 'versioned_docs/version-0.9'));
    writeFileSync(
      path.join(root, 'versioned_docs/version-0.9/intro.md'),
      '# Introduction\n\nLantern 0.9 was a prototype.\n',
    );
    writeFileSync(path.join(root, 'versions.json'), '["2.0", "1.0", "0.9"]');
    await poll('/docs/0.9/intro').toContain('Lantern 0.9 was a prototype');
  });

  it('reports a versions.json that names a version the config no longer matches, keeping the last good versions', async () => {
    const from = dev.stderr().length;
    writeFileSync(path.join(root, 'versions.json'), '["2.0"]');
    await expect
      .poll(() => dev.stderr().slice(from), { timeout: 60_000, interval: 100 })
      .toContain("docs.versions.1.0: '1.0' is not a version  [invalid-config]");
    expect(await body('/docs/legacy/intro')).toContain('reads two log files now');
  });
});
