import { hydrateRoot, type Root } from 'react-dom/client';
import { IslandBoundary } from './IslandBoundary.js';
import { islands } from './registry.js';

const roots = new Map<HTMLElement, Root>();

/** An island's props: the `<script type="application/json" data-island-props>` right after it. */
function readProps(container: HTMLElement): never {
  const script = container.nextElementSibling;
  if (!(script instanceof HTMLScriptElement) || script.dataset.islandProps !== container.dataset.island) {
    throw new Error(`the "${container.dataset.island}" island has no props`);
  }
  return JSON.parse(script.textContent ?? 'null') as never;
}

/** Hydrates every island on the page that is not hydrated yet, reusing its server markup. */
export function hydrateIslands(): void {
  for (const container of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const prepare = islands[container.dataset.island ?? ''];
    if (!prepare || roots.has(container)) continue;
    const render = prepare(container);
    const root = hydrateRoot(container, <IslandBoundary render={() => render(readProps(container))} />, {
      onRecoverableError: (error) => console.warn('[docsgen] hydration recovered from', error),
    });
    roots.set(container, root);
  }
}

/** Unmounts every island (before a client-side navigation replaces the page). */
export function unmountIslands(): void {
  for (const root of roots.values()) root.unmount();
  roots.clear();
}
