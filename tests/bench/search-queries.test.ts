import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  QUERY_KINDS,
  loadQueries,
  rankedPages,
  scoreRelevance,
  sitePath,
  type RelevanceQuery,
} from '../../bench/search/relevance.js';
import { repoRoot } from '../helpers/run-cli.js';

const QUERIES = loadQueries(repoRoot);

/** The site path of every guide: `/docs/<folder>/<id>`, or `/docs<slug>` when the front matter gives a slug. */
function guidePaths(): Set<string> {
  const docs = path.join(repoRoot, 'content/docs');
  const paths = new Set<string>();
  for (const file of readdirSync(docs, { recursive: true, encoding: 'utf8' })) {
    if (!/\.mdx?$/.test(file)) continue;
    const frontMatter = /^---\n([\s\S]*?)\n---/.exec(readFileSync(path.join(docs, file), 'utf8'))?.[1] ?? '';
    const field = (name: string) => new RegExp(`^${name}:\\s*(\\S+)\\s*$`, 'm').exec(frontMatter)?.[1];
    const folder = path.dirname(file).split(path.sep).join('/');
    const id = field('id') ?? path.basename(file).replace(/\.mdx?$/, '');
    const slug = field('slug');
    paths.add(slug ? `/docs${slug}` : `/docs/${folder}/${id}`);
  }
  return paths;
}

/** API pages by the kind of declaration exported from the documented package's sources (TypeDoc's folders). */
function apiPaths(): Set<string> {
  const src = path.join(repoRoot, 'node_modules/react-native-vision-camera/src');
  const folders: Record<string, string> = {
    class: 'classes',
    function: 'functions',
    interface: 'interfaces',
    type: 'type-aliases',
    const: 'variables',
  };
  const paths = new Set<string>();
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    const text = readFileSync(path.join(src, file), 'utf8');
    // TypeDoc documents a const holding an arrow function as a function.
    for (const match of text.matchAll(
      /^export (?:declare )?(?:abstract )?(class|function|interface|type|const) (\w+)(\s*=\s*(?:async\s*)?(?:<[^>]*>)?\()?/gm,
    ))
      paths.add(`/docs/api/${match[3] ? 'functions' : folders[match[1]]}/${match[2]}`);
  }
  return paths;
}

describe('the search relevance query set (bench/search/queries.json)', () => {
  it('has at least 80 queries, of every kind, none of them twice', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(80);
    expect(new Set(QUERIES.map((query) => query.kind))).toEqual(new Set(QUERY_KINDS));
    const normalized = QUERIES.map((query) => query.query.trim().toLowerCase().replace(/\s+/g, ' '));
    expect(normalized.filter((query, i) => normalized.indexOf(query) !== i)).toEqual([]);
  });

  it('accepts only pages the site has, written as site paths', () => {
    const pages = new Set([...guidePaths(), ...apiPaths()]);
    // Sanity of the derivation itself: a guide, the getting-started slug and an API page of each kind.
    for (const known of [
      '/docs/guides/taking-photos',
      '/docs/guides',
      '/docs/api/classes/Camera',
      '/docs/api/functions/useCameraDevice',
      '/docs/api/interfaces/CameraProps',
      '/docs/api/type-aliases/PixelFormat',
      '/docs/api/variables/Templates',
    ])
      expect(pages).toContain(known);
    const unknown = QUERIES.flatMap((query) =>
      query.accept.filter((page) => !pages.has(page)).map((page) => `${query.query}: ${page}`),
    );
    expect(unknown).toEqual([]);
    for (const query of QUERIES) {
      expect(query.accept.length, query.query).toBeGreaterThan(0);
      expect(new Set(query.accept).size, query.query).toBe(query.accept.length);
    }
  });
});

describe('relevance scores', () => {
  it('reads result URLs as distinct pages in the order shown', () => {
    expect(sitePath('http://127.0.0.1:4000/docs/guides/taking-photos#snapshots')).toBe('/docs/guides/taking-photos');
    expect(sitePath('/docs/guides/hdr/')).toBe('/docs/guides/hdr');
    expect(sitePath('/docs/guides/hdr/index.html')).toBe('/docs/guides/hdr');
    expect(sitePath('/docs/guides/hdr.html')).toBe('/docs/guides/hdr');
    expect(sitePath('/')).toBe('/');
    expect(
      rankedPages(['/docs/guides/hdr#limitations', '/docs/guides/formats', '/docs/guides/hdr/', '/docs/api']),
    ).toEqual(['/docs/guides/hdr', '/docs/guides/formats', '/docs/api']);
  });

  it('counts success@1, success@5 and MRR from the first accepted page, and lists the misses', () => {
    const query = (text: string, kind: RelevanceQuery['kind']): RelevanceQuery => ({
      query: text,
      accept: ['/a', '/b'],
      kind,
    });
    const queries = [query('first', 'task'), query('third', 'task'), query('sixth', 'api'), query('none', 'api')];
    const report = scoreRelevance(queries, [
      ['/b', '/x'],
      ['/x', '/y', '/a', '/b'],
      ['/1', '/2', '/3', '/4', '/5', '/a'],
      [],
    ]);
    expect(report).toMatchObject({ queries: 4, success1Pct: 25, success5Pct: 50, noResults: 1 });
    expect(report.mrr).toBeCloseTo((1 + 1 / 3 + 1 / 6) / 4, 3);
    expect(report.byKind.task).toMatchObject({ queries: 2, success1Pct: 50, success5Pct: 100 });
    expect(report.byKind.api).toMatchObject({ queries: 2, success1Pct: 0, success5Pct: 0, noResults: 1 });
    expect(report.misses.map((miss) => [miss.query, miss.rank, miss.got])).toEqual([
      ['third', 3, ['/x', '/y', '/a']],
      ['sixth', 6, ['/1', '/2', '/3']],
      ['none', null, []],
    ]);
  });

  it('gives no credit for an accepted page beyond the tenth', () => {
    const pages = Array.from({ length: 10 }, (_, i) => `/p${i}`);
    const report = scoreRelevance([{ query: 'q', accept: ['/late'], kind: 'concept' }], [[...pages, '/late']]);
    expect(report.mrr).toBe(0);
    expect(report.misses[0].rank).toBeNull();
  });
});
