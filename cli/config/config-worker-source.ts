/**
 * The config's own thread. It imports the bundled config (from a `data:` URL,
 * so no file is written anywhere), checks that its default export is plain
 * data, and posts it back by structured clone. The main thread can stop it at
 * any moment with `worker.terminate()`, even in the middle of `while (true) {}`.
 *
 * It is plain JavaScript run with `new Worker(source, { eval: true })`: a
 * separate worker file would not exist when docsgen runs from its TypeScript
 * sources (the unit tests), and would need its own entry in the compile script.
 *
 * Messages it posts (`ConfigWorkerMessage` in evaluate-config.ts):
 * - `{ type: 'loaded', value }`: the default export, plain data.
 * - `{ type: 'no-default' }`: the module has no default export.
 * - `{ type: 'threw', error }`: evaluating the module threw or rejected.
 * - `{ type: 'not-data', problem }`: the default export is not plain data;
 *   `problem` is `{ kind, path, near, what?, target? }` (see findProblem below).
 * - `{ type: 'exit', code }`: the config called `process.exit(code)`.
 */
// biome-ignore lint/complexity/noUselessStringRaw: raw, so a backslash written into the worker stays one
export const CONFIG_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { types } = require('node:util');

const exit = process.exit.bind(process);
process.exit = (code) => {
  parentPort.postMessage({ type: 'exit', code: code ?? process.exitCode ?? 0 });
  exit(code);
};

/** The message, name and stack of whatever was thrown, in a form that survives postMessage. */
function describeThrown(error) {
  try {
    if (error instanceof Error) return { name: String(error.name), message: String(error.message), stack: String(error.stack ?? '') };
    return { text: typeof error === 'symbol' ? error.toString() : String(error) };
  } catch {
    return { text: 'a value that cannot be printed' };
  }
}

const PLAIN = new Set([Object.prototype, null]);

/**
 * Up to three strings (labels, ids, titles) of the objects on a path, deepest
 * first, the config itself left out: they help find its place in the source.
 */
function nearStrings(node) {
  const near = [];
  for (let n = node; n && n.parent && near.length < 3; n = n.parent) {
    const v = n.value;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const key of ['label', 'id', 'title']) {
        const text = Object.getOwnPropertyDescriptor(v, key)?.value;
        if (typeof text === 'string' && near.length < 3) near.push(text);
      }
    }
  }
  return near;
}

function pathOf(node) {
  const path = [];
  for (let n = node; n.parent; n = n.parent) path.push(n.key);
  return path.reverse();
}

/**
 * The first thing in the value that is not plain data, walked without
 * recursion (a value nested 100,000 deep must not overflow this stack):
 * a function, a Symbol, a Proxy, an object that is not a plain object or an
 * array (a class instance, a Map, a Date), an object that contains itself
 * (a cycle), or nesting deeper than maxDepth.
 */
function findProblem(root, maxDepth) {
  const stack = [{ value: root, key: undefined, parent: undefined, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop();
    const value = node.value;
    const problem = (kind, extra) => ({ kind, path: pathOf(node), near: nearStrings(node), ...extra });
    // Not named: the bundler renames functions (an arrow export becomes build_config_default).
    if (typeof value === 'function') return problem('function', { what: 'a function' });
    if (typeof value === 'symbol') return problem('symbol', { what: 'a Symbol' });
    if (value === null || typeof value !== 'object') continue;
    if (types.isProxy(value)) return problem('instance', { what: 'a Proxy' });
    if (!Array.isArray(value) && !PLAIN.has(Object.getPrototypeOf(value))) {
      const name = value.constructor?.name;
      return problem('instance', { what: name ? 'an instance of ' + name : 'an object with a prototype' });
    }
    for (let up = node.parent; up; up = up.parent) {
      if (up.value === value) return problem('cycle', { target: pathOf(up) });
    }
    if (node.depth >= maxDepth) return problem('too-deep');
    const keys = Array.isArray(value) ? [...value.keys()] : Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      let child;
      try {
        child = value[key];
      } catch (error) {
        return { kind: 'getter-threw', path: [...pathOf(node), key], near: nearStrings(node), error: describeThrown(error) };
      }
      stack.push({ value: child, key, parent: node, depth: node.depth + 1 });
    }
  }
  return undefined;
}

function report(mod) {
  if (!mod || !('default' in mod) || mod.default === undefined) return parentPort.postMessage({ type: 'no-default' });
  const problem = findProblem(mod.default, workerData.maxDepth);
  if (problem) return parentPort.postMessage({ type: 'not-data', problem });
  try {
    parentPort.postMessage({ type: 'loaded', value: mod.default });
  } catch (error) {
    parentPort.postMessage({ type: 'not-data', problem: { kind: 'clone', path: [], near: [], error: describeThrown(error) } });
  }
}

import(workerData.url).then(report, (error) => parentPort.postMessage({ type: 'threw', error: describeThrown(error) }));
`;
