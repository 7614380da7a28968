import { storage } from '../../shared/storage.js';

export type ColorMode = 'light' | 'dark';

/** The mode on `<html data-theme>`, set before first paint by the inline theme script. */
export function currentColorMode(): ColorMode {
  return document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

/** Applies a mode; `remember` stores it as the reader's choice (which then beats the system preference). */
export function applyColorMode(mode: ColorMode, remember: boolean): void {
  document.documentElement.setAttribute('data-theme', mode);
  if (remember) storage.set('theme', mode);
}

/** Follows `prefers-color-scheme` while the reader has not chosen; returns the unsubscribe function. */
export function followSystemColorMode(): () => void {
  const media = window.matchMedia?.('(prefers-color-scheme: dark)');
  if (!media?.addEventListener) return () => undefined;
  const onChange = (event: MediaQueryListEvent) => {
    const stored = storage.get('theme');
    if (stored !== 'light' && stored !== 'dark') applyColorMode(event.matches ? 'dark' : 'light', false);
  };
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}
