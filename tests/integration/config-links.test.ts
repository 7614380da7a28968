/**
 * Issue 29 §3: a broken link in the navbar, the footer or a sidebar is placed
 * at the line of the config (or of the versioned sidebars file) that spells
 * it, in every output format; before, it had no file (`file: null` in JSON)
 * and named only the first route showing it. Build and check run in the test
 * process (in-process-cli.ts): the reports are the point.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { copySite } from '../helpers/run-cli.js';

const CONFIG = `export default {
  title: 'Minimal',
  url: 'https://example.com',
  navbar: { items: [{ label: 'Missing', to: 'docs/navbar-nowhere' }] },
  footer: { links: [{ title: 'More', items: [{ label: 'Gone', to: '/docs/footer-nowhere' }] }] },
  docs: { lastVersion: 'current', sidebars: { main: ['guides/intro', 'guides/second', { type: 'link', label: 'Lost', href: '/docs/sidebar-nowhere' }] } },
};
`;
const SIDEBARS = `{
  "main": [
    "guides/intro",
    { "type": "link", "label": "Old", "href": "/docs/old-nowhere" }
  ]
}
`;

/** The minimal site with broken links in its config and in the sidebars of a version 1.0. */
function siteWithBrokenConfigLinks(): string {
  const root = copySite('minimal');
  writeFileSync(path.join(root, 'build.config.ts'), CONFIG);
  writeFileSync(path.join(root, 'versions.json'), '["1.0"]\n');
  mkdirSync(path.join(root, 'versioned_docs/version-1.0/guides'), { recursive: true });
  writeFileSync(path.join(root, 'versioned_docs/version-1.0/guides/intro.md'), '# Intro 1.0\n\nOld.\n');
  mkdirSync(path.join(root, 'versioned_sidebars'));
  writeFileSync(path.join(root, 'versioned_sidebars/version-1.0-sidebars.json'), SIDEBARS);
  return root;
}

const PLACES = [
  { file: 'build.config.ts', line: 4, column: 45, message: 'broken link in the navbar → /docs/navbar-nowhere' },
  { file: 'build.config.ts', line: 5, column: 67, message: 'broken link in the footer → /docs/footer-nowhere' },
  {
    file: 'build.config.ts',
    line: 6,
    column: 124,
    message: "broken link in the sidebar 'main' → /docs/sidebar-nowhere",
  },
  {
    file: 'versioned_sidebars/version-1.0-sidebars.json',
    line: 4,
    column: 47,
    message: "broken link in the sidebar 'main' → /docs/old-nowhere",
  },
];

describe('broken links of the navbar, the footer and the sidebars', () => {
  let root: string;
  beforeAll(() => {
    root = siteWithBrokenConfigLinks();
  });

  it('are placed at the config line that spells them in the text output of build and check', async () => {
    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code).toBe(1);
    for (const p of PLACES)
      expect(built.stderr).toContain(`error  ${p.file}:${p.line}:${p.column}  ${p.message}  [broken-link]`);
    expect(built.stderr).toContain('4 errors');
    const checked = await runCliInProcess(['check', '--root', root]);
    expect(checked.code).toBe(1);
    for (const p of PLACES) expect(checked.stdout).toContain(`${p.line}:${p.column}  ${p.message}  [broken-link]`);
  });

  it('name the config file, line and column in the JSON report', async () => {
    const built = await runCliInProcess(['build', '--root', root, '--format', 'json']);
    expect(built.code).toBe(1);
    const report = JSON.parse(built.stdout) as { errors: Record<string, unknown>[] };
    expect(report.errors).toEqual(
      PLACES.map((p) =>
        expect.objectContaining({
          rule: 'broken-link',
          file: p.file,
          line: p.line,
          column: p.column,
          message: p.message,
        }),
      ),
    );
  });

  it('are GitHub annotations on the config line', async () => {
    const built = await runCliInProcess(['build', '--root', root, '--format', 'github']);
    expect(built.code).toBe(1);
    for (const p of PLACES)
      expect(built.stdout + built.stderr).toContain(
        `::error file=${p.file},line=${p.line},col=${p.column},title=broken-link::${p.message}`,
      );
  });
});
