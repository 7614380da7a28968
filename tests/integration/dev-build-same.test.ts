/**
 * `dev` and `build` run one plan (cli/pipeline/site-plan.ts): every file a build writes, `dev` serves with the
 * same bytes, and `dev` serves no page the build did not write. Checked on this repository's site and on every
 * Docusaurus fixture site, in this process (what is compared is what the plan produces, not a process's behaviour).
 * A site whose build fails (a fixture pinning an error) writes nothing; dev must report the same errors.
 */
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DevSite } from '../../cli/dev/dev-site.js';
import type { Diagnostic } from '../../cli/types.js';
import { fixturesDir, listFixtures } from '../helpers/docusaurus-fixtures.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { copySite, repoRoot, tempDir } from '../helpers/run-cli.js';

/** The build's own bookkeeping in the out dir, not part of the site. */
const NOT_SITE = new Set(['.docsgen-output']);

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix + entry.name;
    if (entry.isDirectory()) return listFiles(path.join(dir, entry.name), `${rel}/`);
    return NOT_SITE.has(rel) ? [] : [rel];
  });
}

/** A problem by its place and rule (the JSON report gives a line without a column column 1). */
const place = (d: Pick<Diagnostic, 'file' | 'line' | 'column' | 'rule' | 'severity'>) =>
  `${d.severity} ${d.file ?? ''}:${d.line ?? ''}:${d.line === undefined || d.line === null ? '' : (d.column ?? 1)} ${d.rule}`;

/** What dev answers for a site path, as bytes (undefined: it has no such file). */
async function devBytes(dev: DevSite, sitePath: string): Promise<Buffer | undefined> {
  const entry = await dev.createSource().get(sitePath);
  if (!entry) return undefined;
  return 'body' in entry ? Buffer.from(entry.body) : readFile(entry.file);
}

/** Builds the site at `root` into its dist/, then starts dev on it; every file compared. */
async function compareDevWithBuild(root: string, dist = path.join(root, 'dist')) {
  const built = await runCliInProcess(['build', '--root', root, '--out-dir', dist, '--format', 'json']);
  const files = existsSync(dist) ? listFiles(dist).sort() : [];
  const dev = new DevSite({ root });
  await dev.start();
  try {
    const missing: string[] = [];
    const different: string[] = [];
    for (const file of files) {
      const bytes = await devBytes(dev, file);
      if (!bytes) missing.push(file);
      else if (!bytes.equals(readFileSync(path.join(dist, file)))) different.push(file);
    }
    const pages = dev.pagePaths().filter((page) => !files.includes(page));
    // A build that fails writes nothing: dev must then show the same errors in its overlay.
    const report = JSON.parse(built.stdout) as { errors: Diagnostic[]; warnings: Diagnostic[] };
    const buildProblems = [...report.errors, ...report.warnings].map(place);
    const devProblems = dev.diagnostics().map(place);
    return { code: built.code, files, missing, different, extraPages: pages, buildProblems, devProblems };
  } finally {
    await dev.close();
  }
}

const roots: [string, () => [string, string?]][] = [
  // Built in place into a folder of its own (its API section reads the repository's node_modules).
  ["this repository's site", () => [repoRoot, path.join(tempDir('docsgen-dev-build-repo-'), 'dist')]],
  // The pages folder (src/pages): Markdown and React pages, a `_` folder, links between pages and docs.
  [
    'the site with pages (tests/sites/pages)',
    () => {
      const copy = tempDir('docsgen-dev-build-pages-');
      cpSync(path.join(repoRoot, 'tests/sites/pages'), copy, { recursive: true });
      return [copy];
    },
  ],
  // A blog (cli/blog/): its posts, list, tag and archive pages, sidebar and feeds.
  ['the blog fixture site', () => [copySite('blog')]],
  ...listFixtures().map((name): [string, () => [string]] => [
    `the Docusaurus fixture '${name}'`,
    () => {
      const copy = tempDir(`docsgen-dev-build-${name}-`);
      cpSync(path.join(fixturesDir, name), copy, { recursive: true });
      return [listFiles(copy).includes('website/build.config.ts') ? path.join(copy, 'website') : copy];
    },
  ]),
];

describe('dev serves what build writes, byte for byte', () => {
  for (const [name, makeRoot] of roots) {
    it(name, async () => {
      const result = await compareDevWithBuild(...makeRoot());
      expect(result.devProblems.sort()).toEqual(result.buildProblems.sort());
      if (result.code !== 0) {
        // The fixture pins errors (expected/diagnostics.txt): nothing is written, and dev says why, as above.
        expect(result.buildProblems.length).toBeGreaterThan(0);
        return;
      }
      expect(result.files.length).toBeGreaterThan(3);
      expect({ missing: result.missing, different: result.different, extraPages: result.extraPages }).toEqual({
        missing: [],
        different: [],
        extraPages: [],
      });
    });
  }
});
