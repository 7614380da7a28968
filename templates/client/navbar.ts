/**
 * Navbar behaviour: the search shortcut hint for the platform, Ctrl/⌘+K and
 * `/` open search, the table of contents folds on narrow screens, and the
 * bar hides on scroll down when `hideOnScroll` is set.
 */
export function setupNavbar(): void {
  const isMac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
  for (const keys of document.querySelectorAll('.search-button-keys')) keys.textContent = isMac ? '⌘ K' : 'Ctrl K';
  const search = document.querySelector<HTMLAnchorElement>('.search-button');
  document.addEventListener('keydown', (event) => {
    const typing = (event.target as Element).closest?.('input, textarea, [contenteditable]');
    if (((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') || (event.key === '/' && !typing)) {
      event.preventDefault();
      search?.click();
    }
  });
  if (window.matchMedia('(max-width: 996px)').matches) {
    for (const toc of document.querySelectorAll<HTMLDetailsElement>('.toc-details')) toc.open = false;
  }
  const navbar = document.querySelector<HTMLElement>('.navbar[data-hide-on-scroll]');
  if (!navbar) return;
  let last = window.scrollY;
  window.addEventListener(
    'scroll',
    () => {
      const y = window.scrollY;
      navbar.classList.toggle('navbar-hidden', y > last && y > navbar.offsetHeight);
      last = y;
    },
    { passive: true },
  );
}
