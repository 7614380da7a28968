/**
 * Writes config data as the source of a `build.config.ts`: an object literal
 * in the house style. The data comes from a stranger's Docusaurus site, and
 * the file is run on every build: every string, key and comment goes through
 * `js-escape.ts`, and `read-back.ts` checks the text before it is kept.
 */

import { commentText, propertyKey, quoteString } from './js-escape.js';

/** Deeper than any config; JSON sidebars are not depth-checked before they get here. */
const MAX_DEPTH = 100;

/** A number as source: `-0`, `Infinity` and `NaN` kept as the values they are. */
function numberSource(value: number): string {
  if (Object.is(value, -0)) return '-0';
  return String(value);
}

/** The entries written for an object: those whose value is undefined are left out, as in JSON. */
export function writtenEntries(value: object): [string, unknown][] {
  return Object.entries(value).filter(([, v]) => v !== undefined);
}

/** Comments written above top-level keys of the config: key → its lines. */
export type KeyComments = Record<string, string[]>;

/** A value as TypeScript source, indented by `indent` levels of two spaces; `comments` go above the keys of a top-level object. */
export function toSource(value: unknown, indent = 0, comments: KeyComments = {}): string {
  if (indent > MAX_DEPTH) throw new Error(`the config is nested more than ${MAX_DEPTH} levels deep`);
  const pad = '  '.repeat(indent + 1);
  const end = '  '.repeat(indent);
  if (typeof value === 'string') return quoteString(value);
  if (typeof value === 'number') return numberSource(value);
  if (typeof value === 'boolean' || value === null || value === undefined) return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => toSource(item, indent + 1));
    const inline = `[${items.join(', ')}]`;
    return inline.length <= 80 && !inline.includes('\n')
      ? inline
      : `[\n${items.map((item) => `${pad}${item},`).join('\n')}\n${end}]`;
  }
  if (typeof value === 'object') {
    const fields = writtenEntries(value).map(([key, v]) => {
      const above =
        indent === 0 && Object.hasOwn(comments, key)
          ? headerComments(comments[key]!)
              .map((line) => `//${line}\n${pad}`)
              .join('')
          : '';
      return `${above}${propertyKey(key)}: ${toSource(v, indent + 1)}`;
    });
    if (fields.length === 0) return '{}';
    const inline = `{ ${fields.join(', ')} }`;
    // A small object nested in another reads best on one line: `logo: { alt: 'Logo', src: 'img/logo.svg' }`.
    if (indent > 0 && inline.length <= 72 && !inline.includes('\n')) return inline;
    return `{\n${fields.map((field) => `${pad}${field},`).join('\n')}\n${end}}`;
  }
  throw new Error(`a ${typeof value} is not config data`);
}

/** The header's lines as the `//` comments hold them: escaped, without trailing blanks. */
export function headerComments(header: string[]): string[] {
  return header.map((line) => ` ${commentText(line)}`.trimEnd());
}

/** Every comment of the file, in order: the header's, then each commented top-level key's (what read-back expects). */
export function writtenComments(
  config: Record<string, unknown>,
  header: string[],
  comments: KeyComments = {},
): string[] {
  const above = writtenEntries(config).flatMap(([key]) =>
    Object.hasOwn(comments, key) ? headerComments(comments[key]!) : [],
  );
  return [...headerComments(header), ...above];
}

/** The whole config file: a header saying where it came from and what it left out, then the default export (with its keys' comments). */
export function configFileText(config: Record<string, unknown>, header: string[], comments: KeyComments = {}): string {
  const lines = headerComments(header)
    .map((line) => `//${line}`)
    .join('\n');
  return `${lines}\nexport default ${toSource(config, 0, comments)};\n`;
}
