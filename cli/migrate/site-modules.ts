/**
 * Files of the Docusaurus site that its config or sidebars file names or
 * imports (`sidebars.ts`, `require.resolve('./sidebars')`, `import sidebars
 * from './sidebars.json'`), read the way the config is: through the file
 * rule (inside the site, never `node_modules/` or `.git/`), up to 1 MB, as
 * data under an evaluation budget of their own, never run. A file that
 * cannot be read is a reason, never an exception: migrate says which file
 * and why, and writes a config all the same.
 */

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkSiteFile, type FileRule } from '../files/content-files.js';
import { spendOnParsed, TooLargeError } from './evaluation-budget.js';
import { readJsData, type ImportedValue, type SkippedValue } from './read-js-data.js';

/** A config or sidebars file is a few kilobytes; a larger one is not read. */
export const MAX_SOURCE_BYTES = 1024 * 1024;

/** The extensions Docusaurus's module loader tries for a path written without one (`require.resolve('./sidebars')`). */
const EXTENSIONS = ['.js', '.json', '.ts', '.mjs', '.cjs', '.mts', '.cts', '.jsx', '.tsx'];

/** How deep imports may chain, and how many files one migrate reads: a sidebars file imports one or two. */
const MAX_IMPORT_DEPTH = 8;
const MAX_FILES = 64;

/** What was left out of a file read as data, with the file it is in (relative to the site folder). */
export interface SkippedInFile extends SkippedValue {
  file: string;
}

export interface SiteModules {
  /** The export of a site file (absolute, or relative to the site folder; an extension may be missing), or why it could not be read. */
  read(file: string, exportName?: string): ImportedValue & { shown: string };
  /** Reads an import of `fromFile` (`./x`, `../x`, `@site/x`); a package is code, and never read. */
  importFrom(fromFile: string, specifier: string, exportName: string): ImportedValue;
  /** What the files read so far left out (code in them), once per file. */
  skipped: SkippedInFile[];
}

export function createSiteModules(rule: FileRule): SiteModules {
  const cache = new Map<string, ImportedValue>();
  const reading: string[] = [];
  const skipped: SkippedInFile[] = [];
  /** A file as messages name it: from the site folder when inside it, absolute otherwise. */
  const shownName = (absolute: string) => {
    const relative = path.relative(rule.root, absolute);
    return relative.startsWith('..') || path.isAbsolute(relative)
      ? absolute
      : relative.split(path.sep).join('/') || '.';
  };

  /** Why a path is refused before the disk is asked anything about it (it leaves the site as written), if it is. */
  const refusedAsWritten = (absolute: string): string | undefined => {
    const checked = checkSiteFile(rule, absolute);
    return checked.kind === 'refused' && checked.real === absolute
      ? `${shownName(absolute)} is ${checked.why}`
      : undefined;
  };

  const readResolved = (absolute: string, exportName: string): ImportedValue => {
    const shown = shownName(absolute);
    const checked = checkSiteFile(rule, absolute);
    if (checked.kind === 'missing') return { reason: `${shown} does not exist` };
    if (checked.kind === 'refused') return { reason: `${shown} is ${checked.why}` };
    const key = `${checked.real}\0${exportName}`;
    const cached = cache.get(key);
    if (cached) return cached;
    if (reading.includes(checked.real)) return { reason: `${shown} imports itself` };
    if (reading.length >= MAX_IMPORT_DEPTH)
      return { reason: `imports nest more than ${MAX_IMPORT_DEPTH} files deep at ${shown}` };
    if (cache.size >= MAX_FILES) return { reason: `more than ${MAX_FILES} files are imported` };
    reading.push(checked.real);
    try {
      const result = readData(checked.real, absolute, shown, exportName);
      cache.set(key, result);
      return result;
    } finally {
      reading.pop();
    }
  };

  const readData = (real: string, absolute: string, shown: string, exportName: string): ImportedValue => {
    if (!statSync(real).isFile()) return { reason: `${shown} is not a file` };
    if (statSync(real).size > MAX_SOURCE_BYTES) return { reason: `${shown} is larger than 1 MB` };
    const source = readFileSync(real, 'utf8');
    try {
      if (real.endsWith('.json')) {
        const value = JSON.parse(source) as unknown;
        spendOnParsed(value);
        return exportName === 'default' ? { value } : namedOf(value, exportName, shown);
      }
      const dirname = path.relative(rule.root, path.dirname(absolute)).split(path.sep).join('/') || '.';
      const data = readJsData(source, shown, {
        exportName,
        dirname,
        followFunctions: false,
        importModule: (specifier, name) => modules.importFrom(absolute, specifier, name),
      });
      for (const entry of data.skipped) skipped.push({ ...entry, file: shown });
      if (data.value === undefined)
        return {
          reason: `${exportName === 'default' ? 'the export' : `the export '${exportName}'`} of ${shown} is code, not data`,
        };
      return { value: data.value };
    } catch (error) {
      return { reason: whyUnreadable(error, shown) };
    }
  };

  const modules: SiteModules = {
    skipped,
    read(file, exportName = 'default') {
      const absolute = file.startsWith('@site/')
        ? path.join(rule.root, file.slice('@site/'.length))
        : path.resolve(rule.root, file);
      const outside = refusedAsWritten(absolute);
      if (outside) return { reason: outside, shown: shownName(absolute) };
      const found = withExtension(absolute);
      if (!found) return { reason: notFound(shownName(absolute)), shown: shownName(absolute) };
      return { ...readResolved(found, exportName), shown: shownName(found) };
    },
    importFrom(fromFile, specifier, exportName) {
      const target = specifier.startsWith('@site/')
        ? path.join(rule.root, specifier.slice('@site/'.length))
        : specifier.startsWith('./') || specifier.startsWith('../')
          ? path.resolve(path.dirname(fromFile), specifier)
          : undefined;
      // A package (`prism-react-renderer`, `@docusaurus/…`) is code: left out with the usual advice.
      if (target === undefined) return { reason: '' };
      if (exportName === '*')
        return { reason: `\`import * as …\` of ${specifier} is not read; import its default export` };
      const outside = refusedAsWritten(target);
      if (outside) return { reason: outside };
      const found = withExtension(target);
      return found ? readResolved(found, exportName) : { reason: notFound(shownName(target)) };
    },
  };
  return modules;
}

/** The file `absolute` names as Docusaurus's loader finds it: as written, with an extension added, or its folder's index. */
function withExtension(absolute: string): string | undefined {
  const candidates = [
    absolute,
    ...EXTENSIONS.map((ext) => absolute + ext),
    ...EXTENSIONS.map((ext) => path.join(absolute, `index${ext}`)),
  ];
  return candidates.find((candidate) => {
    try {
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

/** Why a path names no file: Docusaurus's loader would have tried the extensions too. */
function notFound(shown: string): string {
  return `${shown} does not exist${path.extname(shown) ? '' : ' (nor with .js, .json, .ts or another extension)'}`;
}

function namedOf(value: unknown, name: string, shown: string): ImportedValue {
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, name))
    return { value: (value as Record<string, unknown>)[name] };
  return { reason: `${shown} has no key '${name}'` };
}

/** Why a file could not be read as data: where it does not parse, or where it grows past the budget. */
function whyUnreadable(error: unknown, shown: string): string {
  if (error instanceof TooLargeError)
    return `${error.line === undefined ? shown : `${shown}:${error.line}:${error.column}`}: ${error.message}`;
  const place = error as {
    loc?: { line: number; column: number };
    message?: string;
    errors?: { text: string; location?: { line: number; column: number } | null }[];
  };
  // esbuild (a TypeScript file): its first error, at its place.
  const first = place.errors?.[0];
  if (first)
    return `${shown} does not parse${first.location ? ` at ${first.location.line}:${first.location.column + 1}` : ''}: ${first.text}`;
  if (error instanceof SyntaxError && !place.loc) return `${shown} is not valid JSON: ${place.message}`;
  return `${shown} does not parse${place.loc ? ` at ${place.loc.line}:${place.loc.column + 1}` : ''}: ${place.message ?? String(error)}`;
}
