import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type * as z from 'zod';
import { DocsgenError, EXIT_USAGE } from '../errors.js';
import type { Diagnostic } from '../types.js';
import { findSidebarProblem, formatConfigPath, type ConfigPath } from './config-shape.js';
import { findKey, findString, rememberConfigSource, type SourcePlace } from './config-source.js';
import { configTimeoutMs, evaluateConfig, notDataError, type ConfigBundle } from './evaluate-config.js';
import { assertOptionalPackages } from './optional-features.js';
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
 * site root outside this repository needs nothing installed. The bundle never
 * touches the disk: it runs on its own thread, from memory, with a time limit
 * (DOCSGEN_CONFIG_TIMEOUT seconds, 30 by default; `timeoutMs` overrides it).
 */
export async function loadConfig(
  options: { root?: string; configFile?: string; timeoutMs?: number } = {},
): Promise<LoadedConfig> {
  const root = path.resolve(options.root ?? process.cwd());
  const file = path.resolve(root, options.configFile ?? 'build.config.ts');
  if (!existsSync(file)) {
    throw new DocsgenError(`config file not found: ${file}`, {
      hint: 'create build.config.ts in the site root, or pass --config FILE',
    });
  }
  const timeoutMs = options.timeoutMs ?? configTimeoutMs();
  // Named from the site root, like content files in diagnostics.
  const name = path.relative(root, file).startsWith('..') ? file : path.relative(root, file);
  const bundle = await bundleConfig(file, name);
  const hash = createHash('sha256').update(bundle.code).digest('hex').slice(0, 16);
  const source = await readFile(file, 'utf8');
  const raw = await evaluateConfig(bundle, { file, name, source }, timeoutMs);
  const config = validateConfig(raw, name, source);
  assertOptionalPackages(config, raw, { name, source });
  rememberConfigSource(config, source);
  return { config, file, hash };
}

async function bundleConfig(file: string, name: string): Promise<ConfigBundle> {
  // Paths in esbuild's messages and in the source map are relative to the config's folder.
  const dir = path.dirname(file);
  try {
    const result = await esbuild.build({
      entryPoints: [file],
      absWorkingDir: dir,
      // Never written (write: false): it names the bundle, so that the source map's paths are relative to `dir`.
      outfile: path.join(dir, 'docsgen-config-bundle.mjs'),
      sourcemap: 'external',
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      // The bundle runs from memory: `import.meta` names the config file, as it would if it were run directly.
      define: {
        'import.meta.url': JSON.stringify(pathToFileURL(file).href),
        'import.meta.filename': JSON.stringify(file),
        'import.meta.dirname': JSON.stringify(dir),
      },
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
    const output = (extension: string) => result.outputFiles.find((f) => f.path.endsWith(extension))!.text;
    return { code: output('.mjs'), map: output('.map'), dir };
  } catch (error) {
    const errors = (error as esbuild.BuildFailure).errors ?? [];
    const diagnostics: Diagnostic[] = errors.map((e) => ({
      severity: 'error',
      rule: 'config-syntax',
      message: e.text,
      file: e.location ? displayPath(path.resolve(dir, e.location.file), file, name) : name,
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
  // Sidebars are the one recursive part of the schema: a cycle or nesting without end is refused before zod walks them.
  const sidebarProblem = findSidebarProblem(raw);
  if (sidebarProblem) throw notDataError(sidebarProblem, { file, name: file, source: source ?? '' });
  const parsed = configSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const diagnostics = issueDiagnostics(parsed.error.issues, file, source);
  throw new DocsgenError(`invalid config in ${file}`, {
    exitCode: EXIT_USAGE,
    diagnostics,
    hint: "see the config reference in docsgen's documentation (docs/reference/config)",
  });
}

/** Schema issues as diagnostics of `rule`, each placed in the source when it can be told. */
export function issueDiagnostics(
  issues: z.core.$ZodIssue[],
  file: string,
  source?: string,
  rule = 'invalid-config',
): Diagnostic[] {
  return issues.map((issue) => ({
    severity: 'error' as const,
    rule,
    message: formatIssue(issue),
    file,
    ...(source ? placeOfIssue(source, issue) : {}),
    ...hintOf(issue),
  }));
}

/** The key an issue is about: the unknown key, or the last named segment of its path. */
function issueKey(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code === 'unrecognized_keys') return issue.keys.length === 1 ? issue.keys[0] : undefined;
  return [...issue.path].reverse().find((segment): segment is string => typeof segment === 'string');
}

/** Where an issue is in the source: the string it names (`params.near`, a sidebar item's label or id), else its key. */
function placeOfIssue(source: string, issue: z.core.$ZodIssue): SourcePlace {
  const params =
    issue.code === 'custom' ? (issue.params as { near?: unknown; atKey?: unknown } | undefined) : undefined;
  const byKey = () => findKey(source, issueKey(issue));
  const byNear = () => (typeof params?.near === 'string' ? findString(source, params.near) : {});
  const tries = params?.atKey ? [byKey, byNear] : [byNear, byKey];
  for (const attempt of tries) {
    const place = attempt();
    if (place.line) return place;
  }
  return {};
}

/** The hint a schema rule gave its issue (`params.hint` of a custom issue), if any. */
function hintOf(issue: z.core.$ZodIssue): { hint?: string } {
  const hint = issue.code === 'custom' ? (issue.params as { hint?: unknown } | undefined)?.hint : undefined;
  return typeof hint === 'string' ? { hint } : {};
}

function formatIssue(issue: z.core.$ZodIssue): string {
  // Sidebars are deep: their paths are written as in code (`docs.sidebars.main[2].items[0]`).
  const isSidebar = issue.path[0] === 'docs' && issue.path[1] === 'sidebars';
  const where = !issue.path.length
    ? '(root)'
    : isSidebar
      ? formatConfigPath(issue.path as ConfigPath)
      : issue.path.join('.');
  if (issue.code === 'unrecognized_keys') {
    return `${where}: unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
  }
  return `${where}: ${issue.message.replace(/^Invalid input: /, '')}`;
}
