/**
 * `docsgen migrate` and a Docusaurus site's React pages (issue 31 §4): Docusaurus hydrates every page, so a site
 * with a React page gets `pages: { client: true }` and its interactive page keeps working; a site with Markdown
 * pages only gets nothing (no script for pages that need none).
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { repoRoot, tempDir } from '../helpers/run-cli.js';

process.env.DOCSGEN_COMPONENT_TIMEOUT = '60';

/** A copy of the Docusaurus fixture site with these files added. */
function siteWith(files: Record<string, string>): string {
  const root = tempDir('docsgen-migrate-pages-');
  cpSync(path.join(repoRoot, 'tests/fixtures/docusaurus-migrate'), root, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const LANDING =
  "import Layout from '@theme/Layout';\nimport { useState } from 'react';\nexport default function Home() {\n  const [n, setN] = useState(0);\n  return <Layout title=\"Home\"><button onClick={() => setN(n + 1)}>{n}</button></Layout>;\n}\n";

describe('migrate and the React pages of src/pages', () => {
  it('hydrates them (`pages: { client: true }`), and the site builds them as islands', async () => {
    const root = siteWith({ 'src/pages/demo.tsx': LANDING });
    const migrated = await runCliInProcess(['migrate', '--root', root]);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(readFileSync(path.join(root, 'build.config.ts'), 'utf8')).toMatch(/pages: \{\s*client: true,?\s*\}/);
    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    expect(readFileSync(path.join(root, 'dist/demo/index.html'), 'utf8')).toContain('<docsgen-island');
  });

  it('writes nothing for a site whose pages are Markdown only', async () => {
    const root = siteWith({ 'src/pages/help.md': '# Help\n' });
    const migrated = await runCliInProcess(['migrate', '--root', root]);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(readFileSync(path.join(root, 'build.config.ts'), 'utf8')).not.toContain('client');
  });
});
