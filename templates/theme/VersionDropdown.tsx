import type { PageRoute, SiteData } from '../shared/site-data.js';

export type NavLinkItem = Extract<SiteData['navbar']['items'][number], { type?: undefined }>;
/** A navbar item as the island receives it: a link, or the version dropdown resolved for the page. */
export type NavItem = NavLinkItem | VersionMenu;

/** The version dropdown as the navbar island receives it: resolved for the page on the server. */
export interface VersionMenu {
  type: 'docsVersionDropdown';
  position: 'left' | 'right';
  /** The page's version (the last version on pages outside the docs). */
  label: string;
  versions: { label: string; href: string; current: boolean }[];
}

/**
 * Each version of the docs, linking to the page's doc in that version when
 * it has it, else to that version's main doc; the page's own version marked.
 */
export function versionMenu(site: SiteData, route: PageRoute, position: 'left' | 'right'): VersionMenu {
  const versions = site.docsVersions ?? [];
  const own = route.docsVersion;
  const shown = versions.find((v) => v.name === own?.name) ?? versions.find((v) => v.isLast);
  return {
    type: 'docsVersionDropdown',
    position,
    label: shown?.label ?? '',
    versions: versions.map((v) => ({
      label: v.label,
      href: own?.alternates[v.name] ?? v.href,
      current: v.name === own?.name,
    })),
  };
}

/**
 * A disclosure menu (`<details>`): it opens with a click, Enter or Space
 * before any script runs, and its links are ordinary links.
 */
export function VersionDropdown({ menu, className = 'navbar-versions' }: { menu: VersionMenu; className?: string }) {
  return (
    <details className={className}>
      <summary className="navbar-link" aria-label={`Docs version: ${menu.label}`}>
        {menu.label}
      </summary>
      <ul className="navbar-versions-list">
        {menu.versions.map((v) => (
          <li key={v.label}>
            <a
              className={`navbar-versions-link${v.current ? ' active' : ''}`}
              href={v.href}
              aria-current={v.current ? 'page' : undefined}
            >
              {v.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
