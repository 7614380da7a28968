/**
 * The config migrate writes is one `docsgen build` accepts, whatever the
 * Docusaurus config held: a value docsgen's schema refuses (a `null`, a
 * key its config does not have, a sidebar item of another shape) is left
 * out with a note saying what the schema said, and a required key that
 * could not be read (`title`, `url` computed in code) gets a placeholder
 * the note says to replace. The schema is the real one (cli/config/schema.ts).
 */

import { configSchema } from '../config/schema.js';
import type { Data, Note } from './map-values.js';

/** Rounds of repair: leaving out a value can leave its parent without a required key, which the next round removes. */
const MAX_ROUNDS = 20;

/** Marks an array element to remove once a round's issues are all seen (removing at once would shift the indices of the others). */
const REMOVED = Symbol('removed');

type Issue = { code: string; path: PropertyKey[]; message: string; keys?: string[]; errors?: Issue[][] };

/** What the schema said: for a value matching none of a union's shapes, what the closest shape found first. */
function said(issue: Issue): string {
  const closest = issue.errors?.filter((list) => list.length > 0).sort((a, b) => a.length - b.length)[0]?.[0];
  return closest
    ? `${issue.message} (${closest.path.length ? `${showConfigPath(closest.path)}: ` : ''}${closest.message})`
    : issue.message;
}

/** A key path as the notes write it: `navbar.items[2].label`. */
export function showConfigPath(path: readonly PropertyKey[]): string {
  return (
    path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('') ||
    '(the config)'
  );
}

/** Placeholders for the keys docsgen cannot build without. */
export interface Placeholders {
  title: string;
  url: string;
}

/**
 * Changes `config` in place until the schema accepts it; each change is a
 * note (under `configName`, the written file). Returns whether it is valid:
 * false only if the schema still refuses it after every round (never seen; the
 * caller then writes a minimal config).
 */
export function makeValid(config: Data, note: Note, placeholders: Placeholders): boolean {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const parsed = configSchema.safeParse(config);
    if (parsed.success) return true;
    for (const issue of parsed.error.issues as Issue[]) repair(config, issue, note, placeholders);
    compact(config);
  }
  return configSchema.safeParse(config).success;
}

function repair(config: Data, issue: Issue, note: Note, placeholders: Placeholders): void {
  const path = issue.path;
  const shown = showConfigPath(path);
  if (path.length === 1 && (path[0] === 'title' || path[0] === 'url')) {
    const key = path[0];
    const value = placeholders[key];
    note(
      key,
      `${config[key] === undefined ? 'not read from the Docusaurus config (computed in code?)' : `not valid here (${issue.message})`}: '${value}' was written, replace it`,
    );
    config[key] = value;
    return;
  }
  if (issue.code === 'unrecognized_keys') {
    const target = valueAt(config, path);
    for (const key of issue.keys ?? []) {
      note(showConfigPath([...path, key]), "docsgen's config has no such key: left out");
      if (typeof target === 'object' && target !== null) delete (target as Data)[key];
    }
    return;
  }
  // A value of the wrong shape is left out; a required key missing (or an item's unknown `type`) takes its item with it.
  const missing = valueAt(config, path) === undefined;
  const removed = missing || (issue.code === 'invalid_union' && path.at(-1) === 'type') ? path.slice(0, -1) : path;
  if (removed.length === 0) return;
  note(shown, `${said(issue)}: ${removed === path ? 'left out' : `${showConfigPath(removed)} left out`}`);
  remove(config, removed);
}

function valueAt(config: Data, path: readonly PropertyKey[]): unknown {
  let value: unknown = config;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function remove(config: Data, path: readonly PropertyKey[]): void {
  const parent = valueAt(config, path.slice(0, -1));
  const key = path.at(-1)!;
  if (Array.isArray(parent) && typeof key === 'number') parent[key] = REMOVED;
  else if (typeof parent === 'object' && parent !== null) delete (parent as Record<PropertyKey, unknown>)[key];
}

/** Takes the marked elements out of every array. */
function compact(value: unknown, depth = 0): void {
  if (typeof value !== 'object' || value === null || depth > 200) return;
  if (Array.isArray(value)) {
    for (let i = value.length - 1; i >= 0; i--) if (value[i] === REMOVED) value.splice(i, 1);
  }
  for (const item of Object.values(value)) compact(item, depth + 1);
}
