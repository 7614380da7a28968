/**
 * `docsgen migrate` on the Docusaurus configs real sites write (issue 29 §2):
 * every site of tests/fixtures/docusaurus-migrate-cases/ reproduces one case
 * (a sidebars file in another form, a preset that wraps the classic one,
 * navbar links by doc id, prism-only languages, a second docs instance, a
 * config migrate cannot fully read). For each: migrate exits 0, the config it
 * writes passes docsgen's real config schema, `docsgen build` builds the site
 * with it, and the fixture's `expected.json` says what a user notices: the
 * warnings, what the config holds and does not hold, the pages built.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../cli/config/schema.js';
import { readJsData } from '../../cli/migrate/read-js-data.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { repoRoot, tempDir, type CliResult } from '../helpers/run-cli.js';

const CASES = path.join(repoRoot, 'tests/fixtures/docusaurus-migrate-cases');

interface Expected {
  about: string;
  /** Lines (or their starts) migrate prints on stderr. */
  warnings?: string[];
  /** Text no warning holds. */
  notWarnings?: string[];
  /** Text the written build.config.ts holds, and text it must not. */
  config?: string[];
  notInConfig?: string[];
  /** Routes built (`''` is the home page). */
  pages?: string[];
  /** Text a built page holds, by route; `!text` is text it must not hold. */
  html?: Record<string, string[]>;
}

/** Each fixture site: the cases, and the site of tests/integration/migrate.test.ts. */
const fixtures: { name: string; dir: string; expected: Expected }[] = [
  ...readdirSync(CASES)
    .sort()
    .map((name) => ({
      name,
      dir: path.join(CASES, name),
      expected: JSON.parse(readFileSync(path.join(CASES, name, 'expected.json'), 'utf8')) as Expected,
    })),
  {
    name: 'docusaurus-migrate',
    dir: path.join(repoRoot, 'tests/fixtures/docusaurus-migrate'),
    expected: { about: 'the migrate fixture of migrate.test.ts', pages: ['docs/intro', 'docs/guides/setup'] },
  },
];

/** A copy of a fixture in a folder of its own name (migrate's placeholder title is the folder's name), without expected.json. */
function copyFixture(name: string, dir: string): string {
  const root = path.join(tempDir('docsgen-migrate-case-'), name);
  cpSync(dir, root, { recursive: true });
  rmSync(path.join(root, 'expected.json'), { force: true });
  return root;
}

function pageFile(dist: string, route: string): string {
  return path.join(dist, route, 'index.html');
}

for (const { name, dir, expected } of fixtures) {
  describe(`docsgen migrate on '${name}': ${expected.about}`, () => {
    let root: string;
    let migrated: CliResult;
    let written: string;
    // migrate, then build, in this process (in-process-cli.ts): the cases are about what is read and written.
    beforeAll(async () => {
      root = copyFixture(name, dir);
      migrated = await runCliInProcess(['migrate', '--root', root]);
      written = existsSync(path.join(root, 'build.config.ts'))
        ? readFileSync(path.join(root, 'build.config.ts'), 'utf8')
        : '';
    });

    it("exits 0 and writes a config that docsgen's config schema accepts", () => {
      expect(migrated.code, migrated.stderr).toBe(0);
      expect(migrated.stderr).not.toMatch(/\n\s+at /);
      const parsed = configSchema.safeParse(readJsData(written, 'build.config.ts').value);
      expect(parsed.success ? [] : parsed.error.issues, written).toEqual([]);
    });

    it('says what it did not carry over, and writes what it did', () => {
      const lines = migrated.stderr.split('\n');
      for (const warning of expected.warnings ?? [])
        expect(
          lines.some((line) => line.startsWith(warning)),
          `${warning}\n---\n${migrated.stderr}`,
        ).toBe(true);
      for (const text of expected.notWarnings ?? []) expect(migrated.stderr).not.toContain(text);
      for (const text of expected.config ?? []) expect(written).toContain(text);
      for (const text of expected.notInConfig ?? [])
        expect(written.slice(written.indexOf('export default'))).not.toContain(text);
    });

    it('builds with the config it wrote', async () => {
      const built = await runCliInProcess(['build', '--root', root]);
      expect(built.code, built.stderr).toBe(0);
      const dist = path.join(root, 'dist');
      for (const route of expected.pages ?? [])
        expect(existsSync(pageFile(dist, route)), `${route} was not built`).toBe(true);
      for (const [route, texts] of Object.entries(expected.html ?? {})) {
        const html = readFileSync(pageFile(dist, route), 'utf8');
        for (const text of texts) {
          if (text.startsWith('!')) expect(html).not.toContain(text.slice(1));
          else expect(html).toContain(text);
        }
      }
    });
  });
}
