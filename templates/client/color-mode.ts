import { storage } from './storage.js';

/** The toggle flips light/dark and remembers the reader's choice. */
export function setupColorMode(): void {
  const root = document.documentElement;
  for (const button of document.querySelectorAll<HTMLButtonElement>('.color-toggle')) {
    button.addEventListener('click', () => {
      const next = root.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
      root.setAttribute('data-theme', next);
      storage.set('theme', next);
    });
  }
  const media = window.matchMedia?.('(prefers-color-scheme: dark)');
  media?.addEventListener?.('change', (event) => {
    if (storage.get('theme')) return;
    root.setAttribute('data-theme', event.matches ? 'dark' : 'light');
  });
  const bar = document.querySelector<HTMLElement>('.announcement');
  bar?.querySelector('.announcement-close')?.addEventListener('click', () => {
    root.setAttribute('data-announcement-dismissed', '');
    storage.set('announcement-dismissed', bar.dataset.id ?? '');
  });
}
