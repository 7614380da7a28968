import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../../cli/config/load-config.js';
import type { DocsgenError } from '../../../cli/errors.js';
import { planVersions } from '../../../cli/versions/plan-versions.js';

const configWith = (docs: Record<string, unknown>) => validateConfig({ title: 'T', url: 'https://t.dev', docs });
const brief = (docs: Record<string, unknown>, names: string[]) =>
  planVersions(configWith(docs), names, 'build.config.ts').map((v) => [
    v.name,
    v.label,
    v.routeBase,
    v.banner,
    v.isLast,
  ]);

function errorOf(run: () => unknown): DocsgenError | undefined {
  try {
    run();
  } catch (error) {
    return error as DocsgenError;
  }
  return undefined;
}

describe('planVersions (Docusaurus defaults)', () => {
  it('builds only current, at routeBasePath, without versions.json', () => {
    expect(brief({}, [])).toEqual([['current', 'Next', 'docs', 'none', true]]);
  });

  it('serves the first name of versions.json at routeBasePath, current at next/ (unreleased) and older ones at their name (unmaintained)', () => {
    expect(brief({}, ['2.0', '1.0'])).toEqual([
      ['current', 'Next', 'docs/next', 'unreleased', false],
      ['2.0', '2.0', 'docs', 'none', true],
      ['1.0', '1.0', 'docs/1.0', 'unmaintained', false],
    ]);
  });

  it('follows lastVersion, labels, paths, banners, includeCurrentVersion and onlyIncludeVersions', () => {
    expect(
      brief(
        {
          lastVersion: 'current',
          versions: { current: { label: 'Canary' }, '1.0': { path: 'legacy', banner: 'none' } },
        },
        ['2.0', '1.0'],
      ),
    ).toEqual([
      ['current', 'Canary', 'docs', 'none', true],
      ['2.0', '2.0', 'docs/2.0', 'unmaintained', false],
      ['1.0', '1.0', 'docs/legacy', 'none', false],
    ]);
    expect(brief({ includeCurrentVersion: false }, ['2.0', '1.0']).map((v) => v[0])).toEqual(['2.0', '1.0']);
    expect(brief({ onlyIncludeVersions: ['current', '2.0'] }, ['2.0', '1.0']).map((v) => v[0])).toEqual([
      'current',
      '2.0',
    ]);
  });

  it('refuses options that name no version, as config errors (exit 2)', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ versions: { '3.x': {} } }, "docs.versions.3.x: '3.x' is not a version"],
      [{ lastVersion: '3.x' }, "docs.lastVersion: '3.x' is not a version this site builds"],
      [{ onlyIncludeVersions: ['3.x'] }, "docs.onlyIncludeVersions: '3.x' is not a version"],
      [
        { onlyIncludeVersions: ['1.0'], lastVersion: '2.0' },
        "docs.lastVersion: '2.0' is not a version this site builds",
      ],
      [
        { includeCurrentVersion: false },
        'docs.includeCurrentVersion: false, and versions.json lists no version: there are no docs to build',
      ],
    ];
    for (const [docs, message] of cases) {
      const error = errorOf(() =>
        planVersions(configWith(docs), docs.includeCurrentVersion === false ? [] : ['2.0', '1.0'], 'build.config.ts'),
      );
      expect(error?.exitCode, message).toBe(2);
      expect(error?.diagnostics[0].message).toBe(message);
    }
  });
});
