/** Writes config data as the source of a `build.config.ts`: an object literal in the house style. */

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A string literal in single quotes (JSON's escapes are JavaScript's). */
function quote(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** A value as TypeScript source, indented by `indent` levels of two spaces. */
export function toSource(value: unknown, indent = 0): string {
  const pad = '  '.repeat(indent + 1);
  const end = '  '.repeat(indent);
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => toSource(item, indent + 1));
    const inline = `[${items.join(', ')}]`;
    return inline.length <= 80 && !inline.includes('\n') ? inline : `[\n${items.map((item) => `${pad}${item},`).join('\n')}\n${end}]`;
  }
  if (typeof value === 'object' && value !== undefined) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const fields = entries.map(([key, v]) => `${IDENTIFIER.test(key) ? key : quote(key)}: ${toSource(v, indent + 1)}`);
    const inline = `{ ${fields.join(', ')} }`;
    // A small object nested in another reads best on one line: `logo: { alt: 'Logo', src: 'img/logo.svg' }`.
    if (indent > 0 && inline.length <= 72 && !inline.includes('\n')) return inline;
    return `{\n${entries.map(([key, v]) => `${pad}${IDENTIFIER.test(key) ? key : quote(key)}: ${toSource(v, indent + 1)},`).join('\n')}\n${end}}`;
  }
  return 'undefined';
}

/** The whole config file: a header saying where it came from and what it left out, then the default export. */
export function configFileText(config: Record<string, unknown>, header: string[]): string {
  const comments = header.map((line) => `// ${line}`.trimEnd()).join('\n');
  return `${comments}\nexport default ${toSource(config)};\n`;
}
