import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import * as esbuild from 'esbuild';
import type { z } from 'zod';
import { DocsgenError, EXIT_USAGE } from '../errors.js';
import type { Diagnostic } from '../types.js';
import { configSchema, type SiteConfig } from './schema.js';

export interface LoadedConfig {
  config: SiteConfig;
  /** Absolute path of the config file. */
  file: string;
  /** Hash of the bundled config source, for cache keys. */
  hash: string;
}

/**
 * Loads `build.config.ts` (or .js/.mjs) from anywhere: the file is bundled by
 * esbuild, with `import ... from 'docsgen'` served by a built-in shim, so a
 * site root outside this repository needs nothing installed.
 */
export async function loadConfig(options: { root?: string; configFile?: string } = {}): Promise<LoadedConfig> {
  const root = path.resolve(options.root ?? process.cwd());
  const file = path.resolve(root, options.configFile ?? 'build.config.ts');
  if (!existsSync(file)) {
    throw new DocsgenError(`config file not found: ${file}`, {
      hint: 'create build.config.ts in the site root, or pass --config FILE',
    });
  }
  const code = await bundleConfig(file);
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const raw = await importBundled(file, code, hash);
  return { config: validateConfig(raw, path.relative(process.cwd(), file) || file), file, hash };
}

async function bundleConfig(file: string): Promise<string> {
  try {
    const result = await esbuild.build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      plugins: [
        {
          name: 'docsgen-shim',
          setup(build) {
            build.onResolve({ filter: /^docsgen$/ }, () => ({ path: 'docsgen', namespace: 'docsgen-shim' }));
            build.onLoad({ filter: /.*/, namespace: 'docsgen-shim' }, () => ({
              contents: 'export function defineConfig(config) { return config; }',
              loader: 'js',
            }));
          },
        },
      ],
    });
    return result.outputFiles[0].text;
  } catch (error) {
    const errors = (error as esbuild.BuildFailure).errors ?? [];
    const diagnostics: Diagnostic[] = errors.map((e) => ({
      severity: 'error',
      rule: 'config-syntax',
      message: e.text,
      file: e.location?.file ?? file,
      line: e.location?.line,
      column: e.location ? e.location.column + 1 : undefined,
    }));
    throw new DocsgenError(`could not read the config file ${file}`, {
      diagnostics,
      hint: 'fix the syntax error above',
      cause: error,
    });
  }
}

async function importBundled(file: string, code: string, hash: string): Promise<unknown> {
  const dir = path.join(os.tmpdir(), 'docsgen-config');
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `config-${hash}-${process.pid}.mjs`);
  await writeFile(tmp, code);
  let mod: { default?: unknown };
  try {
    mod = await import(pathToFileURL(tmp).href);
  } catch (error) {
    throw new DocsgenError(`the config file ${file} threw while loading: ${(error as Error)?.message ?? error}`, {
      hint: 'the config must evaluate without errors; fix the code that throws',
      cause: error,
    });
  } finally {
    await rm(tmp, { force: true });
  }
  if (!mod || mod.default === undefined) {
    throw new DocsgenError(`the config file ${file} has no default export`, {
      hint: 'end it with `export default defineConfig({ ... })` or `export default { ... }`',
    });
  }
  return mod.default;
}

/** Validates a raw config object; throws a DocsgenError listing every problem with its path. */
export function validateConfig(raw: unknown, file = 'build.config.ts'): SiteConfig {
  const parsed = configSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const diagnostics = parsed.error.issues.map((issue) => ({
    severity: 'error' as const,
    rule: 'invalid-config',
    message: formatIssue(issue),
    file,
  }));
  throw new DocsgenError(`invalid config in ${file}`, {
    exitCode: EXIT_USAGE,
    diagnostics,
    hint: 'see the config reference in the README',
  });
}

function formatIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length ? issue.path.join('.') : '(root)';
  if (issue.code === 'unrecognized_keys') {
    return `${where}: unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
  }
  return `${where}: ${issue.message.replace(/^Invalid input: /, '')}`;
}
