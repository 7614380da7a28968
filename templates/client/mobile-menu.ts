/** The slide-in menu below 996 px: open, close (Escape, backdrop, link), back to main menu. */
export function setupMobileMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>('.navbar-toggle');
  const menu = document.getElementById('mobile-menu');
  if (!toggle || !menu) return;
  const initialView = menu.dataset.view ?? 'main';
  const close = () => {
    menu.hidden = true;
    menu.classList.remove('open');
    toggle.setAttribute('aria-expanded', 'false');
    document.body.style.overflow = '';
    toggle.focus();
  };
  const open = () => {
    menu.dataset.view = initialView;
    menu.hidden = false;
    requestAnimationFrame(() => menu.classList.add('open'));
    toggle.setAttribute('aria-expanded', 'true');
    document.body.style.overflow = 'hidden';
    menu.querySelector<HTMLElement>('.mobile-menu-close')?.focus();
  };
  toggle.addEventListener('click', open);
  menu.querySelector('.mobile-menu-close')?.addEventListener('click', close);
  menu.querySelector('.mobile-menu-backdrop')?.addEventListener('click', close);
  menu.querySelector('.mobile-menu-back')?.addEventListener('click', () => {
    menu.dataset.view = 'main';
    menu.querySelector<HTMLElement>('.mobile-menu-main a')?.focus();
  });
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a[href]')) close();
  });
  document.addEventListener('keydown', (event) => {
    if (menu.hidden) return;
    if (event.key === 'Escape') close();
    if (event.key === 'Tab') trapFocus(menu, event);
  });
}

function trapFocus(container: HTMLElement, event: KeyboardEvent): void {
  const focusable = [...container.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), summary')].filter((el) => el.offsetParent !== null);
  if (!focusable.length) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    last.focus();
    event.preventDefault();
  } else if (!event.shiftKey && document.activeElement === last) {
    first.focus();
    event.preventDefault();
  }
}
