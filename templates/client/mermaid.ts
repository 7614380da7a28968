interface Mermaid {
  initialize(config: Record<string, unknown>): void;
  run(options: { nodes: HTMLElement[] }): Promise<void>;
}

let mermaid: Promise<Mermaid> | undefined;
let observer: IntersectionObserver | undefined;

/** Draws the given blocks (again) in the current colour mode. */
async function draw(blocks: HTMLElement[]): Promise<void> {
  const url = document.documentElement.dataset.mermaid;
  if (!url || !blocks.length) return;
  mermaid ??= import(/* @vite-ignore */ url).then((m: { default: Mermaid }) => m.default);
  const api = await mermaid;
  const dark = document.documentElement.getAttribute('data-theme') === 'dark';
  api.initialize({
    startOnLoad: false,
    theme: dark ? 'dark' : 'default',
    securityLevel: 'strict',
    fontFamily: 'inherit',
  });
  for (const block of blocks) {
    block.dataset.source ??= block.textContent ?? '';
    block.removeAttribute('data-processed');
    block.textContent = block.dataset.source;
  }
  await api.run({ nodes: blocks });
}

const report = (error: unknown) => console.error('[docsgen] could not draw diagrams', error);

/** Draws each diagram when it comes near the viewport, so a page never pays for mermaid before the reader gets there. */
function observe(): void {
  observer?.disconnect();
  const blocks = [...document.querySelectorAll<HTMLElement>('pre.mermaid')];
  if (!blocks.length || !document.documentElement.dataset.mermaid) return;
  observer = new IntersectionObserver(
    (entries) => {
      const visible = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target as HTMLElement);
      for (const block of visible) observer!.unobserve(block);
      if (visible.length) draw(visible).catch(report);
    },
    { rootMargin: '400px 0px' },
  );
  for (const block of blocks) observer.observe(block);
}

/**
 * Draws ```mermaid blocks. Mermaid is large, so its own browser build is
 * loaded only on pages that have a diagram (the `data-mermaid` URL), and only
 * once a diagram nears the viewport; diagrams are drawn again after a
 * client-side navigation and when the colour mode changes.
 */
export function setupMermaid(): void {
  observe();
  window.addEventListener('docsgen:navigated', observe);
  new MutationObserver(() =>
    draw([...document.querySelectorAll<HTMLElement>('pre.mermaid[data-source]')]).catch(report),
  ).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme'],
  });
}
