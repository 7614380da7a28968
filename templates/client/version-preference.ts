import { storage } from './storage.js';

function remember(): void {
  const version = document.documentElement.dataset.docsVersion;
  if (version) storage.set('docs-preferred-version-default', version);
}

/**
 * Stores the docs version the reader is on (`current`, labelled Next) as
 * their preference; with storage blocked this only warns.
 */
export function setupVersionPreference(): void {
  remember();
  window.addEventListener('docsgen:navigated', remember);
}
