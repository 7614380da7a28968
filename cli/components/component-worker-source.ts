/**
 * The component thread. It runs the site's component bundle
 * (bundle-components.ts) from memory, giving it docsgen's own React, and
 * renders one component use per message with `renderToStaticMarkup`: the
 * markup is static (no hydration), so React's text separators are left out.
 * The main thread stops it with `worker.terminate()` when a render takes too
 * long, even in the middle of `while (true) {}`.
 *
 * Plain JavaScript run with `new Worker(source, { eval: true })`, as the
 * config's thread is (config-worker-source.ts): it works from the TypeScript
 * sources too.
 *
 * workerData: `{ code, shared: { [id]: absolute path }, root, childrenTag, codeBlockTag }`.
 * Messages it posts:
 * - `{ type: 'ready' }`, or `{ type: 'load-failed', message }` when the bundle
 *   throws, or `{ type: 'not-component', name }` for a default export that is
 *   not a component;
 * - per render `{ type: 'done', id, html, codeBlocks }` or `{ type: 'threw', id, message }`;
 *   `codeBlocks` are what `@theme/CodeBlock` asked for (templates/docusaurus/CodeBlock.tsx),
 *   each left in the markup as an element named `codeBlockTag` with its index.
 * It receives `{ id, name, props, children }`: `children` true puts an
 * element named `childrenTag` where the component shows its children, and
 * the main thread replaces it with the children's HTML.
 */
// biome-ignore lint/complexity/noUselessStringRaw: raw, so a backslash written into the worker stays one
export const COMPONENT_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire, isBuiltin } = require('node:module');

// What a component logs (React's warnings among it) is not docsgen's output.
for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace']) console[method] = () => {};

const shared = {};
for (const [id, file] of Object.entries(workerData.shared)) shared[id] = require(file);
const siteRequire = createRequire(workerData.root + '/');
function load(id) {
  if (Object.prototype.hasOwnProperty.call(shared, id)) return shared[id];
  if (isBuiltin(id)) return siteRequire(id);
  throw new Error('cannot load ' + JSON.stringify(id) + ' at render time');
}

function messageOf(error) {
  try {
    return error instanceof Error ? String(error.message) : String(error);
  } catch {
    return 'a value that cannot be printed';
  }
}

function isComponent(value) {
  return typeof value === 'function' || (value !== null && typeof value === 'object' && typeof value.$$typeof === 'symbol');
}

let components;
try {
  const module = { exports: {} };
  new Function('require', 'module', 'exports', workerData.code)(load, module, module.exports);
  components = module.exports.components;
} catch (error) {
  parentPort.postMessage({ type: 'load-failed', message: messageOf(error) });
}
if (components) {
  const bad = Object.keys(components).find((name) => !isComponent(components[name]));
  if (bad !== undefined) parentPort.postMessage({ type: 'not-component', name: bad });
  else parentPort.postMessage({ type: 'ready' });
}

const React = shared.react;
const { renderToStaticMarkup, renderToString } = shared['react-dom/server'];
parentPort.on('message', ({ id, name, props, children, island, idPrefix }) => {
  try {
    const slots = { tag: workerData.codeBlockTag, blocks: [] };
    globalThis.__docsgenCodeBlocks = slots;
    // A client component's children are static HTML it is given back in the browser: a wrapper holds them on both sides.
    const slot = React.createElement(workerData.childrenTag);
    const shown = island ? React.createElement('docsgen-children', { style: { display: 'contents' } }, slot) : slot;
    const given = children ? { ...props, children: shown } : props;
    // Each use of a page has its own useId() prefix: two uses of one component never share an id.
    // An island's markup is hydrated: it keeps React's text separators (renderToString), where static markup drops them.
    const render = island ? renderToString : renderToStaticMarkup;
    const html = render(React.createElement(components[name], given), { identifierPrefix: idPrefix });
    parentPort.postMessage({ type: 'done', id, html, codeBlocks: slots.blocks });
  } catch (error) {
    parentPort.postMessage({ type: 'threw', id, message: messageOf(error) });
  }
});
`;
