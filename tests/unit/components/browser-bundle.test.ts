/**
 * The `client: true` components' browser bundle is cached like the theme's client bundle: an unchanged site reuses
 * it without running esbuild, and an edit to a component (or a module it imports) bundles it again.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { DiskCache } from '../../../cli/cache/disk-cache.js';
import { bundleBrowserComponents } from '../../../cli/components/browser-bundle.js';
import { tempDir } from '../../helpers/run-cli.js';

vi.mock('esbuild', async (original) => {
  const actual = await original<typeof import('esbuild')>();
  return { ...actual, build: vi.fn(actual.build) };
});

describe('bundleBrowserComponents', () => {
  it('reuses the cached bundle while its files are unchanged, and bundles again after an edit', async () => {
    const root = tempDir('docsgen-browser-bundle-');
    mkdirSync(path.join(root, 'src'), { recursive: true });
    const write = (label: string) => {
      writeFileSync(
        path.join(root, 'src/Toggle.tsx'),
        "import { label } from './label';\nexport default function Toggle() { return <button>{label}</button>; }\n",
      );
      writeFileSync(path.join(root, 'src/label.ts'), `export const label = '${label}';\n`);
    };
    write('first');
    const cache = new DiskCache(path.join(root, '.cache'));
    const modules = [{ name: 'Toggle', file: path.join(root, 'src/Toggle.tsx'), client: true }];
    const options = { baseUrl: '/', define: { __DOCSGEN_SITE__: '{}' }, cache };
    const builds = vi.mocked(esbuild.build);
    builds.mockClear();

    const first = await bundleBrowserComponents(root, modules, options);
    const again = await bundleBrowserComponents(root, modules, options);
    expect(builds).toHaveBeenCalledTimes(1);
    expect(again?.chunks).toEqual(first?.chunks);
    expect([...(again?.files.keys() ?? [])]).toEqual([...(first?.files.keys() ?? [])]);

    write('second');
    const edited = await bundleBrowserComponents(root, modules, options);
    expect(builds).toHaveBeenCalledTimes(2);
    expect(edited?.chunks.Toggle).not.toBe(first?.chunks.Toggle);
    const chunk = Buffer.from(edited!.files.get(edited!.chunks.Toggle.slice(1))!).toString();
    expect(chunk).toContain('second');
  });

  it('is undefined when no component is marked client: true', async () => {
    const root = tempDir('docsgen-browser-bundle-none-');
    expect(
      await bundleBrowserComponents(root, [{ name: 'X', file: 'x', client: false }], { baseUrl: '/', define: {} }),
    ).toBeUndefined();
  });
});
