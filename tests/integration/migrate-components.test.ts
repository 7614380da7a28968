/**
 * `docsgen migrate` registers the site's own components its docs import (issue 31 §3): one config line each for
 * `@site/src/…`, a relative path into src/ and a swizzled `@theme/X` in src/theme/X, so the migrated site builds
 * with them; an import it cannot map is a warning with the page and line, and nothing is registered for it.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { repoRoot, tempDir } from '../helpers/run-cli.js';

process.env.DOCSGEN_COMPONENT_TIMEOUT = '60';

/** A copy of the Docusaurus fixture site with these files added. */
function siteWith(files: Record<string, string>): string {
  const root = tempDir('docsgen-migrate-components-');
  cpSync(path.join(repoRoot, 'tests/fixtures/docusaurus-migrate'), root, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const COMPONENTS = {
  'src/components/Card.jsx':
    'import Link from \'@docusaurus/Link\';\nexport default function Card({ to }) { return <Link className="card" to={to}>Go</Link>; }\n',
  'src/components/Badge.tsx': 'export default function Badge() { return <span className="badge">new</span>; }\n',
  'src/theme/Step/index.js': 'export default function Step({ n }) { return <b className="step">{n}</b>; }\n',
};

describe('migrate and the components the docs import', () => {
  it('registers each, one config line each, and the site builds with them', async () => {
    const root = siteWith({
      ...COMPONENTS,
      'docs/guides/parts.mdx':
        "---\ntitle: Parts\n---\n\nimport Card from '@site/src/components/Card';\nimport Badge from '../../src/components/Badge.js';\nimport Step from '@theme/Step';\nimport Tabs from '@theme/Tabs';\n\n<Card to=\"/docs/intro\" /> <Badge /> <Step n=\"1\" />\n",
    });
    const migrated = await runCliInProcess(['migrate', '--root', root]);
    expect(migrated.code, migrated.stderr).toBe(0);
    const config = readFileSync(path.join(root, 'build.config.ts'), 'utf8');
    expect(config).toContain("Card: 'src/components/Card.jsx'");
    expect(config).toContain("Badge: 'src/components/Badge.tsx'");
    expect(config).toContain("Step: 'src/theme/Step/index.js'");
    expect(config).not.toContain('Tabs:');
    expect(migrated.stderr).not.toContain('docs/guides/parts.mdx');

    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    const html = readFileSync(path.join(root, 'dist/docs/guides/parts/index.html'), 'utf8');
    for (const part of [
      '<a class="card" href="/docs/intro">Go</a>',
      '<span class="badge">new</span>',
      '<b class="step">1</b>',
    ])
      expect(html).toContain(part);
  });

  it('warns about each import it cannot map, at its page and line, and registers nothing for it', async () => {
    const root = siteWith({
      ...COMPONENTS,
      'src/utils/styles.js': 'export const box = {};\n',
      'docs/guides/odd.mdx':
        "---\ntitle: Odd\n---\n\nimport { box } from '@site/src/utils/styles';\nimport Player from 'react-player';\nimport Gone from '@site/src/components/Gone';\nimport Evil from './Evil.js';\n\nText.\n",
      'docs/guides/Evil.js': 'export default function Evil() { return null; }\n',
    });
    const migrated = await runCliInProcess(['migrate', '--root', root]);
    expect(migrated.code, migrated.stderr).toBe(0);
    const warnings = migrated.stderr.split('\n').filter((line) => line.includes('docs/guides/odd.mdx'));
    expect(warnings).toEqual([
      "warning  docs/guides/odd.mdx:5 import  the import of '@site/src/utils/styles' was not registered as a component: a component is a capitalised default import; move it to a module of its own and register that",
      "warning  docs/guides/odd.mdx:6 import  the import of 'react-player' was not registered as a component: it is neither a module of the site (`@site/src/…`) nor a Docusaurus module docsgen provides",
      "warning  docs/guides/odd.mdx:7 import  the import of '@site/src/components/Gone' was not registered as a component: no module src/components/Gone was found",
      "warning  docs/guides/odd.mdx:8 import  the import of './Evil.js' was not registered as a component: only modules under src/ are the site's own code (content never runs code)",
    ]);
    const config = readFileSync(path.join(root, 'build.config.ts'), 'utf8');
    expect(config).not.toContain('components:');
  });
});
