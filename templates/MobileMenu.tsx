import { CloseIcon } from './Icons.js';
import { Sidebar } from './Sidebar.js';
import type { PageProps } from './site-data.js';

/**
 * The slide-in panel used below 996 px: the docs sidebar first (when the page
 * has one), with a button back to the navbar links.
 */
export function MobileMenu({ site, sidebar, url }: PageProps) {
  return (
    <div className="mobile-menu" id="mobile-menu" hidden data-view={sidebar ? 'sidebar' : 'main'}>
      <div className="mobile-menu-backdrop" />
      <div className="mobile-menu-panel" role="dialog" aria-modal="true" aria-label="Navigation">
        <div className="mobile-menu-header">
          <a className="navbar-brand" href={site.baseUrl}>
            {site.navbar.logo ? <img className="navbar-logo" src={site.navbar.logo.src} alt="" width="28" height="28" /> : null}
            <span className="navbar-title">{site.navbar.title ?? site.title}</span>
          </a>
          <button type="button" className="mobile-menu-close" aria-label="Close navigation menu">
            <CloseIcon />
          </button>
        </div>
        {sidebar ? (
          <div className="mobile-menu-sidebar">
            <button type="button" className="mobile-menu-back">
              ← Back to main menu
            </button>
            <Sidebar items={sidebar} url={url} label="Docs (mobile)" />
          </div>
        ) : null}
        <ul className="mobile-menu-main menu-list">
          {site.navbar.items.map((item) => (
            <li key={item.label}>
              <a className="menu-link" href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
