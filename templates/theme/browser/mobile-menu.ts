/** Focusable, visible elements inside a container, in tab order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  const selector = 'a[href], button:not([disabled]), summary, input:not([disabled]), [tabindex]:not([tabindex="-1"])';
  return [...container.querySelectorAll<HTMLElement>(selector)].filter((el) => el.getClientRects().length > 0);
}

/** Keeps Tab and Shift+Tab inside `container` (the open mobile menu). */
export function trapFocus(container: HTMLElement, event: KeyboardEvent): void {
  const focusable = focusableIn(container);
  if (!focusable.length) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement as HTMLElement | null;
  const inside = active ? container.contains(active) : false;
  if (event.shiftKey && (active === first || !inside)) {
    last.focus();
    event.preventDefault();
  } else if (!event.shiftKey && (active === last || !inside)) {
    first.focus();
    event.preventDefault();
  }
}
