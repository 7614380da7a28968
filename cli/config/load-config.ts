import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import * as esbuild from 'esbuild';
import type { z } from 'zod';
import { DocsgenError, EXIT_USAGE } from '../errors.js';
import type { Diagnostic } from '../types.js';
import { findKey, rememberConfigSource } from './config-source.js';
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
  // Named from the site root, like content files in diagnostics.
  const name = path.relative(root, file).startsWith('..') ? file : path.relative(root, file);
  const code = await bundleConfig(file, name);
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const raw = await importBundled(file, name, code, hash);
  const source = await readFile(file, 'utf8');
  const config = validateConfig(raw, name, source);
  rememberConfigSource(config, source);
  return { config, file, hash };
}

/** Where bundled configs are written to be imported: one folder per user, since the temp folder is shared. */
const bundleDir = () => path.join(os.tmpdir(), `docsgen-config-${process.getuid?.() ?? 'user'}`);

async function bundleConfig(file: string, name: string): Promise<string> {
  await mkdir(bundleDir(), { recursive: true });
  try {
    const result = await esbuild.build({
      entryPoints: [file],
      // Source paths in the inline source map are relative to this folder, the one the bundle is imported from,
      // so a stack trace of a config that throws points into the config file itself.
      absWorkingDir: bundleDir(),
      sourcemap: 'inline',
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
      file: e.location ? displayPath(path.resolve(bundleDir(), e.location.file), file, name) : name,
      line: e.location?.line,
      column: e.location ? e.location.column + 1 : undefined,
    }));
    throw new DocsgenError(`could not read the config file ${name}`, {
      diagnostics,
      hint: 'fix the syntax error above',
      cause: error,
    });
  }
}

async function importBundled(file: string, name: string, code: string, hash: string): Promise<unknown> {
  const tmp = path.join(bundleDir(), `config-${hash}-${process.pid}.mjs`);
  await writeFile(tmp, code);
  let mod: { default?: unknown };
  const sourceMaps = process.sourceMapsEnabled;
  process.setSourceMapsEnabled(true);
  try {
    mod = await import(pathToFileURL(tmp).href);
  } catch (error) {
    throw new DocsgenError(`the config file ${name} threw while loading`, {
      diagnostics: [{ severity: 'error', rule: 'config-threw', message: `the config threw ${describeThrown(error)}`, file: name, ...placeInStack(error, file) }],
      hint: 'the config must evaluate without errors; fix the code that throws',
      cause: error,
    });
  } finally {
    process.setSourceMapsEnabled(sourceMaps);
    await rm(tmp, { force: true });
  }
  if (!mod || mod.default === undefined) {
    throw new DocsgenError(`the config file ${name} has no default export`, {
      hint: 'end it with `export default defineConfig({ ... })` or `export default { ... }`',
    });
  }
  return mod.default;
}

/** `Error: message` for an Error, the value itself for anything else thrown. */
function describeThrown(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** The line and column of the topmost stack frame in the config file (read from the stack, mapped by the source map). */
function placeInStack(error: unknown, file: string): { line?: number; column?: number } {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  for (const frame of stack.split('\n').slice(1)) {
    const at = /\(?((?:file:\/\/)?\/.*|[A-Za-z]:\\.*):(\d+):(\d+)\)?$/.exec(frame.trim());
    if (at && path.resolve(at[1].replace(/^file:\/\//, '')) === file) return { line: Number(at[2]), column: Number(at[3]) };
  }
  return {};
}

/** The config's display name for the config file itself; other files (its imports) as they are. */
function displayPath(absolute: string, file: string, name: string): string {
  return absolute === file ? name : absolute;
}

/**
 * Validates a raw config object; throws a DocsgenError listing every problem
 * with its path, and, given the config's source, the line of the key when it
 * appears there exactly once.
 */
export function validateConfig(raw: unknown, file = 'build.config.ts', source?: string): SiteConfig {
  const parsed = configSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const diagnostics = parsed.error.issues.map((issue) => ({
    severity: 'error' as const,
    rule: 'invalid-config',
    message: formatIssue(issue),
    file,
    ...(source ? findKey(source, issueKey(issue)) : {}),
  }));
  throw new DocsgenError(`invalid config in ${file}`, {
    exitCode: EXIT_USAGE,
    diagnostics,
    hint: 'see the config reference in the README',
  });
}

/** The key an issue is about: the unknown key, or the last named segment of its path. */
function issueKey(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code === 'unrecognized_keys') return issue.keys.length === 1 ? issue.keys[0] : undefined;
  return [...issue.path].reverse().find((segment): segment is string => typeof segment === 'string');
}

function formatIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length ? issue.path.join('.') : '(root)';
  if (issue.code === 'unrecognized_keys') {
    return `${where}: unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
  }
  return `${where}: ${issue.message.replace(/^Invalid input: /, '')}`;
}
