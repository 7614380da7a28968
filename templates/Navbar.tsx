import { GitHubIcon, MenuIcon, MoonIcon, SearchIcon, SunIcon, ExternalIcon } from './Icons.js';
import type { PageProps, SiteData } from './site-data.js';
import { MobileMenu } from './MobileMenu.js';

type NavItem = SiteData['navbar']['items'][number];

function NavLink({ item, current }: { item: NavItem; current: string }) {
  const isGitHub = /github\.com/.test(item.href) && item.label.toLowerCase() === 'github';
  const active = !item.external && current.startsWith(item.href);
  return (
    <a
      className={`navbar-link${active ? ' active' : ''}${isGitHub ? ' navbar-icon-link' : ''}`}
      href={item.href}
      aria-label={isGitHub ? (item.ariaLabel ?? 'GitHub repository') : item.ariaLabel}
      aria-current={active ? 'page' : undefined}
      {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {isGitHub ? <GitHubIcon /> : item.label}
      {item.external && !isGitHub ? <ExternalIcon /> : null}
    </a>
  );
}

/** Top bar: menu toggle (narrow screens), logo, links, search button, colour toggle. */
export function Navbar(props: PageProps) {
  const { site, url } = props;
  const left = site.navbar.items.filter((i) => i.position === 'left');
  const right = site.navbar.items.filter((i) => i.position === 'right');
  return (
    <header className="navbar" data-hide-on-scroll={site.navbar.hideOnScroll ? '' : undefined}>
      <nav className="navbar-inner" aria-label="Main">
        <button type="button" className="navbar-toggle" aria-label="Open navigation menu" aria-expanded="false" aria-controls="mobile-menu">
          <MenuIcon />
        </button>
        <a className="navbar-brand" href={site.baseUrl}>
          {site.navbar.logo ? <img className="navbar-logo" src={site.navbar.logo.src} alt={site.navbar.logo.alt} width="32" height="32" /> : null}
          {site.navbar.title ? <span className="navbar-title">{site.navbar.title}</span> : null}
        </a>
        <div className="navbar-items">
          {left.map((item) => (
            <NavLink key={item.label} item={item} current={url} />
          ))}
        </div>
        <div className="navbar-items navbar-items-right">
          {right.map((item) => (
            <NavLink key={item.label} item={item} current={url} />
          ))}
          {site.colorMode.disableSwitch ? null : (
            <button type="button" className="color-toggle" aria-label="Switch between dark and light mode" title="Switch between dark and light mode">
              <SunIcon />
              <MoonIcon />
            </button>
          )}
          <a className="search-button" href={`${site.baseUrl}search`} role="button" aria-label="Search" aria-keyshortcuts="Control+K Meta+K /">
            <SearchIcon />
            <span className="search-button-label">Search</span>
            <kbd className="search-button-keys">Ctrl K</kbd>
          </a>
        </div>
      </nav>
      <MobileMenu {...props} />
    </header>
  );
}
