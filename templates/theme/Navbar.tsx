import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useHideOnScroll } from './browser/use-hide-on-scroll.js';
import { ColorToggle } from './ColorToggle.js';
import { ExternalIcon, GitHubIcon, MenuIcon } from './Icons.js';
import { logoWidth } from './logo-width.js';
import { MobileMenu } from './MobileMenu.js';
import { SearchButton } from './SearchButton.js';
import type { PageProps } from '../shared/site-data.js';
import { VersionDropdown, versionMenu, type NavItem, type NavLinkItem } from './VersionDropdown.js';

/** What the navbar island needs: small enough to ship as JSON (the sidebar is not part of it). */
export interface NavbarProps {
  home: string;
  title?: string;
  siteTitle: string;
  logo?: { alt: string; src: string; aspect?: number };
  items: NavItem[];
  url: string;
  searchHref: string;
  colorSwitch: boolean;
  followSystemColorMode: boolean;
  hideOnScroll: boolean;
  /** `navbar.style`: the header's class `navbar-dark` or `navbar-primary`, whose colours hold in both modes. */
  style?: 'dark' | 'primary';
  hasSidebar: boolean;
}

/** The navbar island's props for a page. */
export function navbarProps({ site, url, sidebar, route }: PageProps): NavbarProps {
  const { navbar, colorMode } = site;
  return {
    home: site.baseUrl,
    title: navbar.title,
    siteTitle: site.title,
    logo: navbar.logo && {
      alt: navbar.logo.alt,
      src: navbar.logo.src,
      ...(navbar.logo.aspect ? { aspect: navbar.logo.aspect } : {}),
    },
    items: navbar.items.map((item) =>
      item.type === 'docsVersionDropdown' ? versionMenu(site, route, item.position) : item,
    ),
    url,
    searchHref: `${site.baseUrl}search`,
    colorSwitch: !colorMode.disableSwitch,
    followSystemColorMode: colorMode.respectPrefersColorScheme && !colorMode.disableSwitch,
    hideOnScroll: navbar.hideOnScroll,
    ...(navbar.style ? { style: navbar.style } : {}),
    hasSidebar: Boolean(sidebar),
  };
}

/** A navbar item: the version dropdown, or a link. */
function NavItemView({ item, current }: { item: NavItem; current: string }) {
  return item.type === 'docsVersionDropdown' ? (
    <VersionDropdown menu={item} />
  ) : (
    <NavLink item={item} current={current} />
  );
}

/** The key of a navbar item among its siblings. */
export const navItemKey = (item: NavItem) => (item.type === 'docsVersionDropdown' ? item.type : item.label);

function NavLink({ item, current }: { item: NavLinkItem; current: string }) {
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

/**
 * Top bar: menu toggle (narrow screens), logo, links, colour toggle, search
 * button, and the mobile menu. Hydrates as the `navbar` island.
 */
export function Navbar(props: NavbarProps & { sidebar?: ReactNode; sidebarHtml?: string }) {
  const { url, items } = props;
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const hidden = useHideOnScroll(props.hideOnScroll && !menuOpen);
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    toggle.current?.focus();
  }, []);
  const left = items.filter((i) => i.position === 'left');
  const right = items.filter((i) => i.position === 'right');
  // The menu is the header's sibling: the header's backdrop-filter and transform would trap its `position: fixed`.
  return (
    <>
      <header
        className={`navbar${props.style ? ` navbar-${props.style}` : ''}${hidden ? ' navbar-hidden' : ''}`}
        data-hide-on-scroll={props.hideOnScroll ? '' : undefined}
      >
        <nav className="navbar-inner" aria-label="Main">
          <button
            ref={toggle}
            type="button"
            className="navbar-toggle"
            aria-label="Open navigation menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
          <a className="navbar-brand" href={props.home}>
            {props.logo ? (
              <img
                className="navbar-logo"
                src={props.logo.src}
                alt={props.logo.alt || (props.title ? '' : props.siteTitle)}
                width={logoWidth(props.logo, 32)}
                height="32"
              />
            ) : null}
            {/* Without a title or a logo, the site's title: the brand link always has a name. */}
            {props.title || !props.logo ? <span className="navbar-title">{props.title || props.siteTitle}</span> : null}
          </a>
          <div className="navbar-items">
            {left.map((item) => (
              <NavItemView key={navItemKey(item)} item={item} current={url} />
            ))}
          </div>
          <div className="navbar-items navbar-items-right">
            {right.map((item) => (
              <NavItemView key={navItemKey(item)} item={item} current={url} />
            ))}
            {props.colorSwitch ? <ColorToggle followSystem={props.followSystemColorMode} /> : null}
            <SearchButton href={props.searchHref} />
          </div>
        </nav>
      </header>
      <MobileMenu
        open={menuOpen}
        onClose={closeMenu}
        home={props.home}
        title={props.title ?? props.siteTitle}
        logo={props.logo}
        items={items}
        hasSidebar={props.hasSidebar}
        sidebar={props.sidebar}
        sidebarHtml={props.sidebarHtml}
      />
    </>
  );
}
