import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileRule } from '../../../cli/files/content-files.js';
import { createSiteModules } from '../../../cli/migrate/site-modules.js';
import { tempDir } from '../../helpers/run-cli.js';

/** A site folder holding `files` (path → text). */
function site(files: Record<string, string>): string {
  const root = tempDir('docsgen-site-modules-');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('createSiteModules: the site files a config or sidebars file names, read as data', () => {
  it('finds a file named without its extension, and follows its imports of other site files (relative, @site/)', () => {
    const root = site({
      'sidebars.ts':
        "import guides from './sidebars/guides.json';\nimport { api } from '@site/sidebars/api';\nexport default { guides, api };\n",
      'sidebars/guides.json': '["intro"]',
      'sidebars/api.js': "export const api = require('./api-items.cjs');\n",
      'sidebars/api-items.cjs': "module.exports = [{ type: 'doc', id: 'api/x' }];\n",
    });
    const modules = createSiteModules(createFileRule(root));
    expect(modules.read('./sidebars')).toEqual({
      value: { guides: ['intro'], api: [{ type: 'doc', id: 'api/x' }] },
      shown: 'sidebars.ts',
    });
    expect(modules.skipped).toEqual([]);
  });

  it('says why a file is not read, and never reads one outside the site, in node_modules, or that imports itself', () => {
    const outside = path.join(tempDir('docsgen-site-modules-outside-'), 'secret.json');
    writeFileSync(outside, '["CANARY"]');
    const root = site({
      'cycle.js': "module.exports = require('./cycle.js');\n",
      'node_modules/pkg/index.json': '["CANARY"]',
      'code.js': 'module.exports = build();\n',
      'broken.ts': 'export default { a: ;\n',
    });
    symlinkSync(outside, path.join(root, 'linked.json'));
    const modules = createSiteModules(createFileRule(root));
    const reason = (file: string) => {
      const read = modules.read(file);
      return 'reason' in read ? read.reason : `read ${JSON.stringify(read.value)}`;
    };
    expect(reason(outside)).toBe(`${outside} is outside the site root`);
    expect(reason('linked.json')).toBe('linked.json is outside the site root');
    expect(reason('node_modules/pkg/index.json')).toBe('node_modules/pkg/index.json is inside node_modules/');
    expect(reason('missing')).toBe('missing does not exist (nor with .js, .json, .ts or another extension)');
    expect(reason('code.js')).toBe('the export of code.js is code, not data');
    expect(reason('broken.ts')).toBe('broken.ts does not parse at 1:21: Unexpected ";"');
    expect(reason('cycle.js')).toBe('the export of cycle.js is code, not data');
    expect(modules.skipped.map((s) => `${s.file} ${s.path} ${s.reason ?? ''}`)).toEqual([
      'code.js (the export) ',
      'cycle.js (the export) cycle.js imports itself',
    ]);
  });
});
