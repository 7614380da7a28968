/**
 * Loads the `client: true` site components of a page as lazy islands. The
 * build puts this script after every use (`<docsgen-island data-src>`): it
 * runs once per page load however often it is named, and the theme's router
 * imports it after a client-side navigation. Each island's chunk (its
 * component and, shared between them, React) is imported when the island
 * comes near the viewport or the reader first touches it, never before.
 */
type Mount = (container: HTMLElement, data: unknown) => { unmount(): void };

const watched = new WeakSet<Element>();
const roots = new Set<{ unmount(): void }>();
const INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/** The island's props: the `<script type="application/json" data-component-props>` right after it. */
function readData(island: HTMLElement): unknown {
  const script = island.nextElementSibling;
  if (!(script instanceof HTMLScriptElement) || !script.hasAttribute('data-component-props'))
    return { props: {}, children: null };
  return JSON.parse(script.textContent ?? 'null');
}

function hydrate(island: HTMLElement): void {
  // A click that lands while the chunk loads is replayed once the component is live.
  let held: HTMLElement | undefined;
  const hold = (event: MouseEvent) => {
    held = (event.target as HTMLElement | null) ?? undefined;
    event.preventDefault();
    event.stopPropagation();
  };
  island.addEventListener('click', hold, true);
  import(/* @vite-ignore */ island.dataset.src!).then(
    (module: { default: Mount }) => {
      island.removeEventListener('click', hold, true);
      roots.add(module.default(island, readData(island)));
      if (held) setTimeout(() => held?.click(), 0);
    },
    (error: unknown) => {
      island.removeEventListener('click', hold, true);
      console.error(`[docsgen] could not load the component ${island.dataset.component}`, error);
    },
  );
}

/** What an observer can see of an island: its children, as the island itself is `display: contents` and has no box. */
const boxesOf = (island: HTMLElement): Element[] => (island.children.length ? [...island.children] : [island]);

/** Watches every island of the page not watched yet. */
function watchIslands(): void {
  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries)
              if (entry.isIntersecting)
                start(entry.target.closest<HTMLElement>('docsgen-island') ?? (entry.target as HTMLElement));
          },
          { rootMargin: '200px' },
        )
      : undefined;
  const started = new WeakSet<Element>();
  const start = (island: HTMLElement) => {
    if (started.has(island)) return;
    started.add(island);
    for (const box of boxesOf(island)) observer?.unobserve(box);
    for (const type of INTERACTIONS) island.removeEventListener(type, onTouch, true);
    hydrate(island);
  };
  const onTouch = (event: Event) => start(event.currentTarget as HTMLElement);
  for (const island of document.querySelectorAll<HTMLElement>('docsgen-island[data-src]')) {
    if (watched.has(island)) continue;
    watched.add(island);
    for (const type of INTERACTIONS) island.addEventListener(type, onTouch, { capture: true, passive: true });
    if (observer) for (const box of boxesOf(island)) observer.observe(box);
    else start(island);
  }
}

/**
 * The components' and the React pages' bundles each have this loader (two files): after a client-side navigation
 * from one kind of page to the other both have run, and only the first watches, or an island would hydrate twice.
 */
const RUNNING = '__docsgenIslandLoader';
const flags = window as unknown as Record<string, boolean | undefined>;
if (!flags[RUNNING]) {
  flags[RUNNING] = true;
  window.addEventListener('docsgen:before-swap', () => {
    for (const root of roots) root.unmount();
    roots.clear();
  });
  window.addEventListener('docsgen:navigated', watchIslands);
  watchIslands();
}
