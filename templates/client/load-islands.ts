type IslandsModule = typeof import('./islands/hydrate-islands.js');

let islands: IslandsModule | undefined;

function showChunkError(error: unknown, retry: () => void): void {
  document.getElementById('chunk-error')?.remove();
  const box = document.createElement('div');
  box.id = 'chunk-error';
  box.className = 'chunk-error';
  box.dataset.persist = '';
  box.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = error instanceof Error ? error.message : String(error);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button-secondary';
  button.textContent = 'Retry';
  button.addEventListener('click', () => {
    box.remove();
    retry();
  });
  box.append(text, button);
  document.body.append(box);
}

/**
 * Loads the islands chunk (React and the interactive components) and
 * hydrates the page. If the chunk fails to load, its error text is shown
 * with a Retry button; the page itself stays readable and navigable.
 */
export function loadIslands(): void {
  import('./islands/hydrate-islands.js').then(
    (module) => {
      islands = module;
      module.hydrateIslands();
    },
    (error: unknown) => {
      console.error('[docsgen] could not load the interactive parts of the page', error);
      showChunkError(error, loadIslands);
    },
  );
}

/** What counts as the reader starting to interact (the first one loads React and hydrates). */
const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll'] as const;

/**
 * Hydrates on the first interaction, not at load: React is most of the
 * theme's JavaScript, and a page is fully readable without it, so the first
 * load stays small. A click on an island that lands before hydration is held
 * and replayed once the island is live.
 */
export function setupIslands(): void {
  window.addEventListener('docsgen:before-swap', () => islands?.unmountIslands());
  window.addEventListener('docsgen:navigated', () => islands?.hydrateIslands());
  let pendingClick: HTMLElement | undefined;
  const holdClick = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest?.<HTMLElement>('[data-island] button, [data-island] [role=button]');
    // The search button works without React (client/navbar.ts); everything else waits for hydration.
    if (!target || islands || target.matches('.search-button')) return;
    event.preventDefault();
    event.stopPropagation();
    pendingClick = target;
  };
  const start = () => {
    for (const type of TRIGGERS) window.removeEventListener(type, start, true);
    import('./islands/hydrate-islands.js').then(
      (module) => {
        islands = module;
        module.hydrateIslands();
        document.removeEventListener('click', holdClick, true);
        pendingClick?.click();
        pendingClick = undefined;
      },
      (error: unknown) => {
        document.removeEventListener('click', holdClick, true);
        console.error('[docsgen] could not load the interactive parts of the page', error);
        showChunkError(error, loadIslands);
      },
    );
  };
  document.addEventListener('click', holdClick, true);
  for (const type of TRIGGERS) window.addEventListener(type, start, { capture: true, passive: true });
}
