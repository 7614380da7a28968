import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSiteSheets } from '../../../cli/assets/read-site-sheets.js';
import { createFileRule } from '../../../cli/files/content-files.js';
import { tempDir } from '../../helpers/run-cli.js';

function site(files: Record<string, string>) {
  const root = tempDir('docsgen-site-sheets-');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const rule = createFileRule(root);
  const styles = (names: string[]) => ({
    files: names.map((name) => path.join(root, name)),
    content: { rule, folders: ['content', 'public'].map((dir) => path.join(root, dir)) },
  });
  return { root, styles };
}

describe('readSiteSheets', () => {
  it("gives each file's relative imports before its own rules, each file once", () => {
    const { styles } = site({
      'src/css/custom.css': "@import './brand.css';\n@import url(\"../shared/fonts.css\");\n@import 'pkg/x.css';\n.a{}",
      'src/css/brand.css': ":root{--ifm-color-primary:#84aa7c}\n@import './custom.css';",
      'src/shared/fonts.css': '.fonts{}',
    });
    expect(readSiteSheets(styles(['src/css/custom.css']))).toEqual([
      ":root{--ifm-color-primary:#84aa7c}\n@import './custom.css';",
      '.fonts{}',
      "@import './brand.css';\n@import url(\"../shared/fonts.css\");\n@import 'pkg/x.css';\n.a{}",
    ]);
  });

  it('never reads a file of a content folder that is a link leading out of them, nor a file outside the root', () => {
    const { root, styles } = site({
      'src/css/custom.css': "@import '../../public/x.css';\n@import '../../../outside.css';\n.a{}",
      '.env': 'SECRET',
    });
    mkdirSync(path.join(root, 'public'));
    symlinkSync('../.env', path.join(root, 'public/x.css'));
    expect(readSiteSheets(styles(['src/css/custom.css']))).toEqual([
      "@import '../../public/x.css';\n@import '../../../outside.css';\n.a{}",
    ]);
  });
});
