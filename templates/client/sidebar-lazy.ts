/**
 * Collapsed sidebar categories are built without their items, so large
 * sidebars do not repeat thousands of links on every page. Opening one
 * fetches its items (a static HTML fragment written by the build) once.
 */
export function setupLazySidebar(): void {
  document.addEventListener(
    'toggle',
    (event) => {
      const details = event.target as HTMLElement;
      if (!(details instanceof HTMLDetailsElement) || !details.open) return;
      const placeholder = details.querySelector<HTMLElement>(':scope > ul[data-lazy]');
      const base = details.closest<HTMLElement>('[data-fragments]')?.dataset.fragments;
      if (!placeholder || !base || placeholder.dataset.loading) return;
      placeholder.dataset.loading = '';
      fetch(`${base}${placeholder.dataset.lazy}.html`)
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.text();
        })
        .then((html) => {
          placeholder.outerHTML = html;
        })
        .catch((error: unknown) => {
          delete placeholder.dataset.loading;
          console.warn('[docsgen] could not load the sidebar category', error);
        });
    },
    true, // `toggle` does not bubble
  );
}
