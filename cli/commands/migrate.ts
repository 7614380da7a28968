import { hydrateReactPages } from '../migrate/map-react-pages.js';
import { closeSync, constants, existsSync, lstatSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configSchema } from '../config/schema.js';
import { DocsgenError, EXIT_USAGE } from '../errors.js';
import { createFileRule, checkSiteFile } from '../files/content-files.js';
import { resolveSiteRoot } from '../files/site-root.js';
import { DEFAULT_SIDEBARS } from '../routes/sidebar.js';
import { configFileText, writtenComments, type KeyComments } from '../migrate/config-text.js';
import { describeExtraDocs, resolveDocLinks } from '../migrate/doc-links.js';
import { TooLargeError } from '../migrate/evaluation-budget.js';
import { mapContentComponents } from '../migrate/map-components.js';
import { adviceFor, mapDocusaurusConfig, type MappedConfig, type MigrationNote } from '../migrate/map-docusaurus.js';
import { readJsData, type ReadJsDataOptions } from '../migrate/read-js-data.js';
import { readBackMismatch } from '../migrate/read-back.js';
import { createSiteModules, MAX_SOURCE_BYTES, type SiteModules } from '../migrate/site-modules.js';
import { keepSiteStylesheets } from '../migrate/map-theme-css.js';
import { makeValid, type Placeholders } from '../migrate/valid-config.js';
import { colorsFor } from '../report/colors.js';
import { plural } from '../strings.js';
import { showControlChars } from '../visible-text.js';

/** The names Docusaurus looks for, in its order. */
const CONFIG_NAMES = [
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
];

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
 * and prints what it could not carry over, each with what to do. The config
 * written is always one docsgen's schema accepts: what it refuses is left
 * out with a note (valid-config.ts). Nothing of the Docusaurus site is
 * changed; an existing config is kept unless `--force`.
 */
export async function runMigrate(options: MigrateOptions): Promise<number> {
  const root = resolveSiteRoot(options.root);
  const rule = createFileRule(root);
  const configName = CONFIG_NAMES.find((name) => existsSync(path.join(root, name)));
  if (!configName) {
    throw new DocsgenError(`no Docusaurus config in ${root}`, {
      hint: `run docsgen migrate in the folder of a Docusaurus site (it looks for ${CONFIG_NAMES.join(', ')}), or pass --root`,
    });
  }
  const outName = options.out ?? 'build.config.ts';
  const modules = createSiteModules(rule);
  const configPath = path.join(root, configName);
  const data = parseData(readSource(rule, configPath, configName), configName, (specifier, name) =>
    modules.importFrom(configPath, specifier, name),
  );
  const notes: MigrationNote[] = data.skipped.map((s) => ({
    path: s.path,
    line: s.line,
    message: adviceFor(s),
  }));
  const source = isRecord(data.value) ? data.value : {};
  if (!isRecord(data.value))
    notes.push({
      path: '(the export)',
      message:
        "the config's export is code, not an object written as data: only defaults were written; write `module.exports = { ... }` or `export default { ... }`, or fill in build.config.ts by hand",
    });
  const mapped = mapDocusaurusConfig(source);
  notes.push(...mapped.notes);
  const config = mapped.config;
  (config.docs as Record<string, unknown>).sidebars = readSidebars(modules, mapped, notes);
  notes.push(
    ...modules.skipped.map((s) => ({
      file: s.file,
      path: s.path,
      line: s.line,
      message: adviceFor(s),
    })),
  );

  // The site's own components its docs import: one config line each (map-components.ts).
  const docsPath = String((config.docs as Record<string, unknown>).path ?? 'docs');
  const found = await mapContentComponents(rule, docsPath);
  if (Object.keys(found.components).length > 0) config.components = found.components;
  notes.push(...found.notes);
  // Docusaurus hydrates every page: React pages are hydrated too (map-react-pages.ts).
  await hydrateReactPages(config, rule);

  const noteInConfig = (at: string, message: string) => notes.push({ path: at, message });
  const noteInOutput = (at: string, message: string) => notes.push({ file: outName, path: at, message });
  const placeholders = {
    title: typeof source.projectName === 'string' && source.projectName ? source.projectName : path.basename(root),
    url: 'https://example.com',
  };
  keepSiteStylesheets(config, rule, noteInOutput);
  const written = makeValid(config, noteInOutput, placeholders) ? config : minimalConfig(placeholders, noteInOutput);
  const navbarItems = (written.navbar as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  await resolveDocLinks(mapped.docLinks, navbarItems, {
    root,
    rule,
    config: configSchema.parse(written),
    docsId: mapped.docsId,
    extraDocs: mapped.extraDocs,
    note: noteInConfig,
  });
  for (const extra of mapped.extraDocs) noteInConfig(extra.at, await describeExtraDocs(extra, root, rule));

  const header = [
    `Written by \`docsgen migrate\` from ${configName}.`,
    ...(notes.length
      ? [
          "Not carried over (see docsgen's migration guide, docs/guides/moving-from-docusaurus):",
          ...notes.map((n) => `- ${placeOf(configName, n)}: ${n.message}`),
        ]
      : []),
  ];
  const text = checkedConfigText(written, header, mapped.comments);

  const c = colorsFor(process.stderr);
  if (options.dryRun) process.stdout.write(text);
  else writeConfig(path.resolve(root, outName), outName, text, options.force === true);
  for (const n of notes)
    process.stderr.write(
      `${c.yellow('warning')}  ${showControlChars(placeOf(configName, n))}  ${showControlChars(n.message)}\n`,
    );
  const done = options.dryRun ? 'printed the config' : `wrote ${outName}`;
  process.stderr.write(
    `${c.green('✔')} ${done} from ${configName}; ${plural(notes.length, 'setting')} not carried over\n`,
  );
  return 0;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The smallest config docsgen builds, for the (never seen) case where repairing the mapped one did not satisfy the schema. */
function minimalConfig(
  placeholders: Placeholders,
  note: (at: string, message: string) => void,
): Record<string, unknown> {
  note(
    '(the config)',
    'the mapped config could not be made valid: only the title, url and the docs folder were written',
  );
  return { title: placeholders.title, url: placeholders.url, staticDirectories: ['static'], docs: { path: 'docs' } };
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
    throw new DocsgenError(`could not write the config: ${(error as Error).message}; nothing was written`, {
      hint: "write build.config.ts by hand (see docsgen's migration guide, docs/guides/moving-from-docusaurus)",
      cause: error,
    });
  }
  const mismatch = readBackMismatch(text, config, writtenComments(config, header, comments));
  if (mismatch !== undefined) {
    throw new DocsgenError(
      `the config migrate wrote does not read back as the Docusaurus config's data: ${mismatch}; nothing was written`,
      {
        hint: 'this is a bug in docsgen, please report it with the Docusaurus config; meanwhile write build.config.ts by hand',
      },
    );
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
    throw new DocsgenError(`${shown} already exists; nothing was written`, {
      hint: 'pass --force to replace it, --out <file> to write elsewhere, or --dry-run to print the config',
    });
  }
  if (existing?.isSymbolicLink()) {
    throw new DocsgenError(`${shown} is a symlink; nothing was written through it`, {
      hint: 'remove the link, or pass --out <file> to write elsewhere',
    });
  }
  const flags =
    constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | (force ? constants.O_TRUNC : constants.O_EXCL);
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

/** The config file, read through the file rule, under the size limit; a config that cannot be read at all is an error. */
function readSource(rule: ReturnType<typeof createFileRule>, file: string, shown: string): string {
  const checked = checkSiteFile(rule, file);
  if (checked.kind === 'missing') throw new DocsgenError(`${shown} does not exist`);
  if (checked.kind === 'refused')
    throw new DocsgenError(`${shown} is ${checked.why}; it is not read`, {
      hint: "keep the site's files inside its folder",
    });
  if (statSync(checked.real).size > MAX_SOURCE_BYTES)
    throw new DocsgenError(`${shown} is larger than 1 MB; it is not read`);
  return readFileSync(checked.real, 'utf8');
}

function parseData(source: string, shown: string, importModule: ReadJsDataOptions['importModule']) {
  try {
    return readJsData(source, shown, { importModule });
  } catch (error) {
    if (error instanceof TooLargeError) throw tooLarge(error, shown);
    const place = error as { loc?: { line: number; column: number }; message?: string };
    throw new DocsgenError(
      `could not parse ${shown}${place.loc ? ` at ${place.loc.line}:${place.loc.column + 1}` : ''}: ${place.message ?? String(error)}`,
      { exitCode: EXIT_USAGE, cause: error },
    );
  }
}

/**
 * The sidebars, read as data from the file the docs plugin names, in any
 * form Docusaurus loads (`.js`, `.ts`, `.json`, a path without extension,
 * imports of other site files); Docusaurus's default, the docs folder
 * autogenerated, when it names none (written out so the config says it).
 * A file that cannot be read is a warning naming it and why, never a silent
 * fallback: the autogenerated sidebar is written in its place.
 */
function readSidebars(modules: SiteModules, mapped: MappedConfig, notes: MigrationNote[]): unknown {
  const { sidebarPath } = mapped;
  if (sidebarPath === false) return {};
  if (sidebarPath === undefined) return DEFAULT_SIDEBARS;
  const read = modules.read(sidebarPath);
  const why =
    'reason' in read
      ? read.reason
      : isRecord(read.value)
        ? undefined
        : `${read.shown} does not export an object of sidebars`;
  if (why === undefined) return (read as { value: unknown }).value;
  notes.push({
    path: `${mapped.docsAt ?? 'docs'}.sidebarPath`,
    message: `the sidebars file was not read: ${why}; the docs folder's autogenerated sidebar was written instead: write the sidebars in build.config.ts`,
  });
  return DEFAULT_SIDEBARS;
}

/** A value past the evaluation budget, at its place: nothing is written. */
function tooLarge(error: TooLargeError, shown: string): DocsgenError {
  const place = error.line === undefined ? shown : `${shown}:${error.line}:${error.column}`;
  const byHand = "write build.config.ts by hand (see docsgen's migration guide, docs/guides/moving-from-docusaurus)";
  return new DocsgenError(`${place}  ${error.message}; nothing was written`, {
    hint: error.constant
      ? `a constant is counted each time it is used: write the value out where it is used, or ${byHand}`
      : `a config or sidebars file is a few kilobytes of plain data: shorten it, or ${byHand}`,
  });
}
