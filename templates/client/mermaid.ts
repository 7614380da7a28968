interface Mermaid {
  initialize(config: Record<string, unknown>): void;
  run(options: { nodes: HTMLElement[] }): Promise<void>;
}

let mermaid: Promise<Mermaid> | undefined;

async function draw(): Promise<void> {
  const url = document.documentElement.dataset.mermaid;
  const blocks = [...document.querySelectorAll<HTMLElement>('pre.mermaid')];
  if (!url || !blocks.length) return;
  mermaid ??= import(/* @vite-ignore */ url).then((m: { default: Mermaid }) => m.default);
  const api = await mermaid;
  const dark = document.documentElement.getAttribute('data-theme') === 'dark';
  api.initialize({ startOnLoad: false, theme: dark ? 'dark' : 'default', securityLevel: 'strict', fontFamily: 'inherit' });
  for (const block of blocks) {
    block.dataset.source ??= block.textContent ?? '';
    block.removeAttribute('data-processed');
    block.textContent = block.dataset.source;
  }
  await api.run({ nodes: blocks });
}

/**
 * Draws ```mermaid blocks. Mermaid is large, so its own browser build is
 * loaded only on pages that have a diagram (the `data-mermaid` URL);
 * diagrams are drawn again after a client-side navigation and when the
 * colour mode changes.
 */
export function setupMermaid(): void {
  const redraw = () => void draw().catch((error) => console.error('[docsgen] could not draw diagrams', error));
  redraw();
  window.addEventListener('docsgen:navigated', redraw);
  new MutationObserver(redraw).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
}
