import { SearchIcon } from './Icons.js';

/**
 * A link to the search page. Its behaviour (opening the search modal, the
 * Ctrl/⌘+K and `/` shortcuts, the platform's shortcut hint) is plain DOM in
 * `client/navbar.ts`, so it works before the React islands hydrate; the hint
 * text may therefore differ from the server's, which hydration tolerates.
 */
export function SearchButton({ href }: { href: string }) {
  return (
    <a className="search-button" href={href} role="button" aria-keyshortcuts="Control+K Meta+K /">
      <SearchIcon />
      <span className="search-button-label">Search</span>
      <kbd className="search-button-keys" suppressHydrationWarning>
        Ctrl K
      </kbd>
    </a>
  );
}
