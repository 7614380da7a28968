import { closeSync, constants, existsSync, lstatSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configSchema } from '../config/schema.js';
import { DocsgenError, EXIT_USAGE } from '../errors.js';
import { createFileRule, checkSiteFile } from '../content-files.js';
import { resolveSiteRoot } from '../files/site-root.js';
import { DEFAULT_SIDEBARS } from '../routes/sidebar.js';
import { configFileText, writtenComments, type KeyComments } from '../migrate/config-text.js';
import { spendOnParsed, TooLargeError } from '../migrate/evaluation-budget.js';
import { adviceFor, mapDocusaurusConfig, type MigrationNote } from '../migrate/map-docusaurus.js';
import { readJsData } from '../migrate/read-js-data.js';
import { readBackMismatch } from '../migrate/read-back.js';
import { colorsFor } from '../report/colors.js';
import { plural } from '../strings.js';
import { showControlChars } from '../visible-text.js';

/** The names Docusaurus looks for, in its order. */
const CONFIG_NAMES = ['docusaurus.config.ts', 'docusaurus.config.mts', 'docusaurus.config.js', 'docusaurus.config.mjs', 'docusaurus.config.cjs'];

/** A config or sidebars file is a few kilobytes; a larger one is not read. */
const MAX_SOURCE_BYTES = 1024 * 1024;


export interface MigrateOptions {
  root?: string;
  /** Where to write, relative to the root (default `build.config.ts`). */
  out?: string;
  /** Replace an existing file. */
  force?: boolean;
  /** Print the config on stdout instead of writing it. */
  dryRun?: boolean;
}

/**
 * `docsgen migrate`: writes a `build.config.ts` from a Docusaurus site's
 * `docusaurus.config.js` and sidebars file, both read as data (never run),
 * and prints what it could not carry over, each with what to do. Nothing of
 * the Docusaurus site is changed; an existing config is kept unless `--force`.
 */
export function runMigrate(options: MigrateOptions): number {
  const root = resolveSiteRoot(options.root);
  const rule = createFileRule(root);
  const configName = CONFIG_NAMES.find((name) => existsSync(path.join(root, name)));
  if (!configName) {
    throw new DocsgenError(`no Docusaurus config in ${root}`, { hint: `run docsgen migrate in the folder of a Docusaurus site (it looks for ${CONFIG_NAMES.join(', ')}), or pass --root` });
  }
  const read = readSource(rule, path.join(root, configName), configName);
  const data = parseData(read, configName);
  if (typeof data.value !== 'object' || data.value === null || Array.isArray(data.value)) {
    throw new DocsgenError(`could not read ${configName} as data: its export is not an object literal`, { hint: 'write the config as `module.exports = { ... }` or `export default { ... }`, or write build.config.ts by hand (see the migration guide in the README)' });
  }
  const mapped = mapDocusaurusConfig(data.value as Record<string, unknown>);
  const notes: MigrationNote[] = data.skipped.map((s) => ({ path: s.path, line: s.line, message: adviceFor(s.path, s.source) }));
  notes.push(...mapped.notes);
  const docs = mapped.config.docs as Record<string, unknown>;
  docs.sidebars = readSidebars(rule, root, mapped.sidebarPath, notes);

  const outName = options.out ?? 'build.config.ts';
  const header = [`Written by \`docsgen migrate\` from ${configName}.`, ...(notes.length ? ['Not carried over (see the migration guide in docsgen\'s README):', ...notes.map((n) => `- ${placeOf(configName, n)}: ${n.message}`)] : [])];
  const text = checkedConfigText(mapped.config, header, mapped.comments);
  const problems = validationProblems(mapped.config);

  const c = colorsFor(process.stderr);
  if (options.dryRun) process.stdout.write(text);
  else writeConfig(path.resolve(root, outName), outName, text, options.force === true);
  for (const n of notes) process.stderr.write(`${c.yellow('warning')}  ${showControlChars(placeOf(configName, n))}  ${showControlChars(n.message)}\n`);
  for (const problem of problems) process.stderr.write(`${c.yellow('warning')}  ${showControlChars(outName)}  ${showControlChars(problem)}\n`);
  const written = options.dryRun ? 'printed the config' : `wrote ${outName}`;
  process.stderr.write(`${c.green('✔')} ${written} from ${configName}; ${plural(notes.length, 'setting')} not carried over${problems.length ? `, ${plural(problems.length, 'problem')} to fix before it builds` : ''}\n`);
  return 0;
}

/**
 * The config's source, kept only once it reads back (parsed, never run) as
 * exactly the data and header meant: whatever the Docusaurus site's text
 * holds, it cannot have become code.
 */
function checkedConfigText(config: Record<string, unknown>, header: string[], comments: KeyComments): string {
  let text: string;
  try {
    text = configFileText(config, header, comments);
  } catch (error) {
    throw new DocsgenError(`could not write the config: ${(error as Error).message}; nothing was written`, { hint: 'write build.config.ts by hand (see "Moving from Docusaurus" in the README)', cause: error });
  }
  const mismatch = readBackMismatch(text, config, writtenComments(config, header, comments));
  if (mismatch !== undefined) {
    throw new DocsgenError(`the config migrate wrote does not read back as the Docusaurus config's data: ${mismatch}; nothing was written`, { hint: 'this is a bug in docsgen, please report it with the Docusaurus config; meanwhile write build.config.ts by hand' });
  }
  return text;
}

/**
 * Writes the config, never through a symlink: a Docusaurus repository could
 * hold `build.config.ts` as a link (even a dangling one) to a file elsewhere.
 * Without `force` the file must not exist at all.
 */
function writeConfig(target: string, shown: string, text: string, force: boolean): void {
  const existing = lstatOrUndefined(target);
  if (existing && !force) {
    throw new DocsgenError(`${shown} already exists; nothing was written`, { hint: 'pass --force to replace it, --out <file> to write elsewhere, or --dry-run to print the config' });
  }
  if (existing?.isSymbolicLink()) {
    throw new DocsgenError(`${shown} is a symlink; nothing was written through it`, { hint: 'remove the link, or pass --out <file> to write elsewhere' });
  }
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | (force ? constants.O_TRUNC : constants.O_EXCL);
  const fd = openSync(target, flags, 0o644);
  try {
    writeFileSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

function lstatOrUndefined(file: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

function placeOf(configName: string, note: MigrationNote): string {
  return `${note.file ?? configName}${note.line ? `:${note.line}` : ''} ${note.path}`;
}

/** A file of the site, read through the file rule, under the size limit. */
function readSource(rule: ReturnType<typeof createFileRule>, file: string, shown: string): string {
  const checked = checkSiteFile(rule, file);
  if (checked.kind === 'missing') throw new DocsgenError(`${shown} does not exist`, { hint: 'fix `sidebarPath` in the Docusaurus config, or remove it' });
  if (checked.kind === 'refused') throw new DocsgenError(`${shown} is ${checked.why}; it is not read`, { hint: 'keep the site\'s files inside its folder' });
  if (statSync(checked.real).size > MAX_SOURCE_BYTES) throw new DocsgenError(`${shown} is larger than 1 MB; it is not read`);
  return readFileSync(checked.real, 'utf8');
}

function parseData(source: string, shown: string) {
  try {
    return readJsData(source, shown);
  } catch (error) {
    if (error instanceof TooLargeError) throw tooLarge(error, shown);
    const place = error as { loc?: { line: number; column: number }; message?: string };
    throw new DocsgenError(`could not parse ${shown}${place.loc ? ` at ${place.loc.line}:${place.loc.column + 1}` : ''}: ${place.message ?? String(error)}`, { exitCode: EXIT_USAGE, cause: error });
  }
}

/** The sidebars, read as data from the file the docs plugin names (Docusaurus's default, the docs folder autogenerated, when it names none: written out so the config says it). */
function readSidebars(rule: ReturnType<typeof createFileRule>, root: string, sidebarPath: string | false | undefined, notes: MigrationNote[]): unknown {
  if (sidebarPath === false) return {};
  if (sidebarPath === undefined) return DEFAULT_SIDEBARS;
  const shown = sidebarPath.replace(/^\.\//, '');
  const source = readSource(rule, path.resolve(root, sidebarPath), shown);
  if (shown.endsWith('.json')) return parseJson(source, shown);
  const data = parseData(source, shown);
  for (const s of data.skipped) notes.push({ file: shown, path: s.path, line: s.line, message: adviceFor(s.path, s.source) });
  return data.value ?? {};
}

function parseJson(source: string, shown: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(source) as unknown;
  } catch (error) {
    throw new DocsgenError(`could not parse ${shown}: ${(error as Error).message}; nothing was written`, { hint: 'fix the JSON, or write the sidebars in build.config.ts by hand' });
  }
  try {
    spendOnParsed(value);
  } catch (error) {
    if (error instanceof TooLargeError) throw tooLarge(error, shown);
    throw error;
  }
  return value;
}

/** A value past the evaluation budget, at its place: nothing is written. */
function tooLarge(error: TooLargeError, shown: string): DocsgenError {
  const place = error.line === undefined ? shown : `${shown}:${error.line}:${error.column}`;
  const byHand = 'write build.config.ts by hand (see "Moving from Docusaurus" in the README)';
  return new DocsgenError(`${place}  ${error.message}; nothing was written`, {
    hint: error.constant ? `a constant is counted each time it is used: write the value out where it is used, or ${byHand}` : `a config or sidebars file is a few kilobytes of plain data: shorten it, or ${byHand}`,
  });
}

/** What docsgen's config schema says about the written config, as `key: message` lines. */
function validationProblems(config: Record<string, unknown>): string[] {
  const parsed = configSchema.safeParse(config);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}
