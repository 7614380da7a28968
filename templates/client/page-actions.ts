/** The actions menu beside a page's title (templates/theme/PageActions.tsx). */
export const PAGE_ACTIONS = '.page-actions';
const FIRST_TOUCH = ['pointerdown', 'focusin', 'click'] as const;

/**
 * The only code of the page actions in the first-load bundle: the menu is
 * HTML that works without a script (a `<details>` of links), and the code of
 * "Copy page", Escape and closing (client/page-actions-menu.ts) loads when the
 * reader first points at, tabs to or clicks the menu, and takes over from
 * there. A click that comes while it loads is handed over, not lost.
 */
export function setupPageActions(): void {
  let loading = false;
  let pending: Event | undefined;
  const start = (event: Event) => {
    if (!(event.target as Element | null)?.closest?.(PAGE_ACTIONS)) return;
    if (event.type === 'click') pending = event;
    if (loading) return;
    loading = true;
    import('./page-actions-menu.js').then(
      (menu) => {
        for (const type of FIRST_TOUCH) document.removeEventListener(type, start, true);
        menu.startPageActions(PAGE_ACTIONS, pending);
      },
      (error: unknown) => console.error('[docsgen] could not load the page actions', error),
    );
  };
  for (const type of FIRST_TOUCH) document.addEventListener(type, start, true);
}
