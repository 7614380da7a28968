interface Mermaid {
  initialize(config: Record<string, unknown>): void;
  run(options: { nodes: HTMLElement[] }): Promise<void>;
}

/**
 * Draws ```mermaid blocks. Mermaid is large, so its own browser build is
 * loaded only on pages that have a diagram (the `data-mermaid` URL), and
 * diagrams are redrawn when the colour mode changes.
 */
export function setupMermaid(): void {
  const url = document.documentElement.dataset.mermaid;
  const blocks = [...document.querySelectorAll<HTMLElement>('pre.mermaid')];
  if (!url || !blocks.length) return;
  for (const block of blocks) block.dataset.source = block.textContent ?? '';
  let mermaid: Promise<Mermaid> | undefined;
  const draw = async () => {
    mermaid ??= import(/* @vite-ignore */ url).then((m: { default: Mermaid }) => m.default);
    const api = await mermaid;
    const dark = document.documentElement.getAttribute('data-theme') === 'dark';
    api.initialize({ startOnLoad: false, theme: dark ? 'dark' : 'default', securityLevel: 'strict', fontFamily: 'inherit' });
    for (const block of blocks) {
      block.removeAttribute('data-processed');
      block.textContent = block.dataset.source ?? '';
    }
    await api.run({ nodes: blocks });
  };
  draw().catch((error) => console.error('[docsgen] could not draw diagrams', error));
  new MutationObserver(() => void draw().catch(() => undefined)).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
}
