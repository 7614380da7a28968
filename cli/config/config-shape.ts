import { findKey, findString, type SourcePlace } from './config-source.js';
import { MAX_SIDEBAR_DEPTH } from './sidebar-schema.js';

/**
 * Nesting beyond which a config value is refused before it leaves the
 * config's thread. No real config comes near it (a sidebar at its deepest is
 * about 45 levels); it keeps structured clone and zod, which recurse, far
 * from the end of their stack.
 */
export const MAX_CONFIG_DEPTH = 100;

export { MAX_SIDEBAR_DEPTH };

/** A key path into the config: property names and array indices. */
export type ConfigPath = (string | number)[];

/** What a thrown value looked like, as the config's thread describes it. */
export type ThrownDescription = { name: string; message: string; stack: string } | { text: string };

/** Why a config value was refused before validation, at which path (see config-worker-source.ts). */
export interface ShapeProblem {
  kind: 'function' | 'symbol' | 'instance' | 'cycle' | 'too-deep' | 'sidebar-too-deep' | 'getter-threw' | 'clone';
  path: ConfigPath;
  /** Strings (labels, ids) of the objects on the path, deepest first, to find its place in the source. */
  near: string[];
  /** What the value is, for `function`, `symbol` and `instance`: "a function", "an instance of Map". */
  what?: string;
  /** For a cycle: the path of the value the path comes back to. */
  target?: ConfigPath;
  error?: ThrownDescription;
}

/** `docs.sidebars.main[0].items`, shortened in the middle when very long. */
export function formatConfigPath(path: ConfigPath): string {
  const join = (segments: ConfigPath) =>
    segments
      .map((s, i) =>
        typeof s === 'number'
          ? `[${s}]`
          : /^[A-Za-z_$][\w$]*$/.test(s)
            ? `${i === 0 ? '' : '.'}${s}`
            : `[${JSON.stringify(s)}]`,
      )
      .join('');
  if (path.length === 0) return '(root)';
  if (path.length <= 12) return join(path);
  return `${join(path.slice(0, 8))} … ${join(path.slice(-2)).replace(/^\./, '')}`;
}

/** A thrown value as `Name: message`, or the value itself. */
export function describeThrown(error: ThrownDescription): string {
  return 'text' in error ? error.text : `${error.name}: ${error.message}`;
}

/**
 * A sidebar whose categories nest deeper than MAX_SIDEBAR_DEPTH, or contain
 * themselves. Walked without recursion; the path names the first category
 * past the limit, or the `items` that come back to an array above them.
 */
export function findSidebarProblem(raw: unknown): ShapeProblem | undefined {
  const sidebars = (raw as { docs?: { sidebars?: unknown } } | undefined)?.docs?.sidebars;
  if (!sidebars || typeof sidebars !== 'object') return undefined;
  type Level = { items: unknown[]; path: ConfigPath; depth: number; parent?: Level };
  const stack: Level[] = [];
  for (const [name, items] of Object.entries(sidebars).reverse()) {
    if (Array.isArray(items)) stack.push({ items, path: ['docs', 'sidebars', name], depth: 0 });
  }
  while (stack.length > 0) {
    const level = stack.pop()!;
    const children: Level[] = [];
    for (let i = 0; i < level.items.length; i++) {
      const item = level.items[i] as { items?: unknown; label?: unknown } | null;
      if (!item || typeof item !== 'object' || !Array.isArray(item.items)) continue;
      const near = typeof item.label === 'string' ? [item.label] : [];
      const path = [...level.path, i];
      if (level.depth + 1 > MAX_SIDEBAR_DEPTH) return { kind: 'sidebar-too-deep', path, near };
      for (let up: Level | undefined = level; up; up = up.parent) {
        if (up.items === item.items) return { kind: 'cycle', path: [...path, 'items'], near, target: up.path };
      }
      children.push({ items: item.items, path: [...path, 'items'], depth: level.depth + 1, parent: level });
    }
    stack.push(...children.reverse());
  }
  return undefined;
}

/**
 * The sidebar reading of a value nested past MAX_CONFIG_DEPTH inside a
 * sidebar: its path cut at the first category past MAX_SIDEBAR_DEPTH, so a
 * sidebar nested 25 or 100,000 deep gets the same message.
 */
export function asSidebarProblem(problem: ShapeProblem): ShapeProblem {
  const { path } = problem;
  const cut = 4 + 2 * MAX_SIDEBAR_DEPTH;
  if (problem.kind !== 'too-deep' || path[0] !== 'docs' || path[1] !== 'sidebars' || path.length < cut) return problem;
  const categoryShaped = path
    .slice(3, cut)
    .every((segment, i) => (i % 2 === 0 ? typeof segment === 'number' : segment === 'items'));
  return categoryShaped ? { kind: 'sidebar-too-deep', path: path.slice(0, cut), near: [] } : problem;
}

/** The message and hint for a problem, without its place. */
export function explainProblem(problem: ShapeProblem): { rule: string; message: string; hint: string } {
  const at = formatConfigPath(problem.path);
  const plainData =
    'the config is plain data (strings, numbers, booleans, arrays and plain objects): compute values before the export and export only the results';
  switch (problem.kind) {
    case 'function':
    case 'symbol':
    case 'instance':
      return { rule: 'config-not-data', message: `${at}: is ${problem.what}, not plain data`, hint: plainData };
    case 'cycle':
      return {
        rule: 'config-cycle',
        message: `${at}: contains itself (it is ${problem.target?.length ? formatConfigPath(problem.target) : 'the whole config'})`,
        hint: 'the config is a tree: build each array and object so that it does not contain itself',
      };
    case 'too-deep':
      return {
        rule: 'config-too-deep',
        message: `${at}: nested more than ${MAX_CONFIG_DEPTH} levels deep`,
        hint: `nothing in a config nests more than ${MAX_CONFIG_DEPTH} levels; look for the code that builds this value`,
      };
    case 'sidebar-too-deep':
      return {
        rule: 'config-too-deep',
        message: `${at}: categories nested more than ${MAX_SIDEBAR_DEPTH} levels deep`,
        hint: `a sidebar nests at most ${MAX_SIDEBAR_DEPTH} levels of categories; flatten this one`,
      };
    case 'getter-threw':
      return {
        rule: 'config-threw',
        message: `${at}: reading it threw ${problem.error ? describeThrown(problem.error) : 'an error'}`,
        hint: 'the config must evaluate without errors; fix the getter that throws',
      };
    case 'clone':
      return {
        rule: 'config-not-data',
        message: `the config cannot be copied out of its thread: ${problem.error ? describeThrown(problem.error) : 'unknown reason'}`,
        hint: plainData,
      };
  }
}

/**
 * Where a problem is written in the config, when the source tells: its own
 * key (`to:`), else a label on its path (`'Loop'`), else another of its keys,
 * deepest first; each only when it is written exactly once.
 */
export function placeOfProblem(source: string, problem: ShapeProblem): SourcePlace {
  const [last, ...above] = [...problem.path].reverse();
  const tries = [
    ...(typeof last === 'string' ? [() => findKey(source, last)] : []),
    ...problem.near.map((text) => () => findString(source, text)),
    ...above
      .filter((segment): segment is string => typeof segment === 'string')
      .map((key) => () => findKey(source, key)),
  ];
  for (const attempt of tries) {
    const place = attempt();
    if (place.line) return place;
  }
  return {};
}
