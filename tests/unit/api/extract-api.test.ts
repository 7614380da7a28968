import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { convertPackage } from '../../../cli/api/convert-package.js';
import { ApiError, extractApi, MODEL_VERSION, type ApiModel } from '../../../cli/api/extract-api.js';
import { FIXTURE_API, FIXTURE_ROOT } from './fixture.js';

// Counts TypeDoc conversions (tests run from the TypeScript sources, so on this thread, never on a worker): a warm
// call is told from a cold one by the work it did, not by how long it took.
vi.mock('../../../cli/api/convert-package.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../cli/api/convert-package.js')>();
  return { ...original, convertPackage: vi.fn(original.convertPackage) };
});

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-api-cache-'));
afterAll(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

const cacheFiles = () => fs.readdirSync(cacheDir).filter((f) => f.endsWith('.json'));

describe('extractApi', () => {
  it('converts every export of the fixture package, quietly', async () => {
    const log = vi.spyOn(console, 'log');
    const warn = vi.spyOn(console, 'warn');
    const model = await extractApi({ root: FIXTURE_ROOT, api: FIXTURE_API });
    expect(model.modelVersion).toBe(MODEL_VERSION);
    expect(model.package).toMatchObject({
      name: 'fixture-lib',
      version: '1.2.3',
      dir: 'node_modules/fixture-lib',
      repository: 'https://github.com/acme/fixture-lib',
      directory: 'packages/lib',
    });
    expect(model.entities.map((e) => `${e.kind}:${e.name}`)).toEqual([
      'class:FancyWidget',
      'class:Widget',
      'class:WidgetError',
      'function:createWidget',
      'function:runWorklet',
      'interface:BaseProps',
      'interface:WidgetProps',
      'type-alias:WidgetOptions',
      'type-alias:WidgetSize',
      'variable:DEFAULT_SIZE',
    ]);
    // @platform, @note, @worklet, @component are known tags: no TypeDoc warnings, nothing printed.
    expect(model.warnings).toEqual([]);
    expect(log).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('throws an ApiError naming the package, with the install command as hint', async () => {
    const run = extractApi({ root: FIXTURE_ROOT, api: { ...FIXTURE_API, package: 'no-such-camera-lib' } });
    await expect(run).rejects.toBeInstanceOf(ApiError);
    await expect(run).rejects.toMatchObject({
      message: expect.stringContaining('"no-such-camera-lib"'),
      hint: 'npm install --save-dev no-such-camera-lib',
    });
  });

  it('throws an ApiError when the configured entry point does not exist', async () => {
    const run = extractApi({ root: FIXTURE_ROOT, api: { ...FIXTURE_API, entryPoint: 'src/missing.ts' } });
    await expect(run).rejects.toMatchObject({ name: 'ApiError', hint: expect.stringContaining('api.entryPoint') });
  });

  it('returns the cached model on a warm call without running TypeDoc', async () => {
    const cold = await extractApi({ root: FIXTURE_ROOT, api: FIXTURE_API, cacheDir });
    expect(cacheFiles()).toHaveLength(1);
    const file = path.join(cacheDir, cacheFiles()[0]!);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(cold);

    // Mark the cached copy: a warm call can only return the mark by reading the file.
    const marked: ApiModel = { ...cold, package: { ...cold.package, version: 'from-cache' } };
    fs.writeFileSync(file, JSON.stringify(marked));
    vi.mocked(convertPackage).mockClear();
    const warm = await extractApi({ root: FIXTURE_ROOT, api: FIXTURE_API, cacheDir });
    expect(warm.package.version).toBe('from-cache');
    expect(convertPackage).not.toHaveBeenCalled();

    // noCache converts again and rewrites the cache.
    const fresh = await extractApi({ root: FIXTURE_ROOT, api: FIXTURE_API, cacheDir, noCache: true });
    expect(convertPackage).toHaveBeenCalledTimes(1);
    expect(fresh.package.version).toBe('1.2.3');
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).package.version).toBe('1.2.3');
  });

  it('keys the cache by options and ignores caches of another model version', async () => {
    await extractApi({ root: FIXTURE_ROOT, api: { ...FIXTURE_API, label: 'Reference' }, cacheDir });
    expect(cacheFiles().length).toBeGreaterThanOrEqual(2);
    const file = path.join(cacheDir, cacheFiles()[0]!);
    const stale = { ...JSON.parse(fs.readFileSync(file, 'utf8')), modelVersion: -1, entities: [] };
    fs.writeFileSync(file, JSON.stringify(stale));
    const models = await Promise.all([
      extractApi({ root: FIXTURE_ROOT, api: FIXTURE_API, cacheDir }),
      extractApi({ root: FIXTURE_ROOT, api: { ...FIXTURE_API, label: 'Reference' }, cacheDir }),
    ]);
    for (const model of models) expect(model.entities).toHaveLength(10);
  });
});
