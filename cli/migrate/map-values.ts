/** Small helpers the mappings of a Docusaurus config share: its values are plain data read from a stranger's file. */

export type Data = Record<string, unknown>;

/** Records something of the Docusaurus config that is not carried over: its key path and what to do. */
export type Note = (path: string, message: string) => void;

export const isObject = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A name from the config for a note: quoted when text; what it is otherwise (an object read as data has no toString). */
export function shownName(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (Array.isArray(value)) return 'given as a list';
  return typeof value === 'object' && value !== null ? 'given as an object' : String(value);
}

export function withoutUndefined(object: Data): Data {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}
