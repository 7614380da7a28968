import { storage } from '../shared/storage.js';

/** Where the version is stored (Docusaurus's key): search keeps to it on pages outside the docs. */
export const PREFERRED_VERSION_KEY = 'docs-preferred-version-default';

function remember(): void {
  const version = document.documentElement.dataset.docsVersion;
  if (version) storage.set(PREFERRED_VERSION_KEY, version);
}

/**
 * Stores the docs version the reader is on (`current`, labelled Next) as
 * their preference; with storage blocked this only warns.
 */
export function setupVersionPreference(): void {
  remember();
  window.addEventListener('docsgen:navigated', remember);
}
