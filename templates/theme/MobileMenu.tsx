import { useEffect, useRef, useState, type ReactNode } from 'react';
import { focusableIn, trapFocus } from './browser/mobile-menu.js';
import { CloseIcon } from './Icons.js';
import { logoWidth } from './logo-width.js';
import { VersionDropdown, type NavItem } from './VersionDropdown.js';

export interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  home: string;
  title: string;
  logo?: { src: string; aspect?: number };
  items: NavItem[];
  hasSidebar: boolean;
  /** On the server: the docs sidebar element. */
  sidebar?: ReactNode;
  /** In the browser: the same sidebar's HTML, read back from the page (never shipped as JSON). */
  sidebarHtml?: string;
}

function SidebarSlot({ sidebar, html }: { sidebar?: ReactNode; html?: string }) {
  if (html !== undefined)
    return <div className="mobile-menu-sidebar-slot" dangerouslySetInnerHTML={{ __html: html }} />;
  return <div className="mobile-menu-sidebar-slot">{sidebar}</div>;
}

/**
 * Pages built with a pre-rendered sidebar carry it once, in `aside.sidebar`;
 * the menu copies it on first open rather than shipping it twice.
 */
function fillSidebarSlot(panel: HTMLElement | null): void {
  const slot = panel?.querySelector('.mobile-menu-sidebar-slot');
  const source = document.querySelector('aside.sidebar .sidebar-nav');
  if (!slot || slot.childElementCount > 0 || !source) return;
  const copy = source.cloneNode(true) as HTMLElement;
  copy.setAttribute('aria-label', 'Docs (mobile)');
  slot.append(copy);
}

/**
 * The slide-in panel below 996 px: the docs sidebar first (when the page has
 * one) with "← Back to main menu" to the navbar links. It traps focus while
 * open and closes on Escape, a backdrop click or following a link.
 */
export function MobileMenu({
  open,
  onClose,
  home,
  title,
  logo,
  items,
  hasSidebar,
  sidebar,
  sidebarHtml,
}: MobileMenuProps) {
  const initialView = hasSidebar ? 'sidebar' : 'main';
  const [view, setView] = useState(initialView);
  const [shown, setShown] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) {
      setShown(false);
      return;
    }
    setView(initialView);
    fillSidebarSlot(panel.current);
    const frame = requestAnimationFrame(() => setShown(true));
    panel.current?.querySelector<HTMLElement>('.mobile-menu-close')?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      else if (event.key === 'Tab' && panel.current) trapFocus(panel.current, event);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
    };
  }, [open, initialView, onClose]);

  const backToMain = () => {
    setView('main');
    requestAnimationFrame(
      () => panel.current && focusableIn(panel.current.querySelector('.mobile-menu-main')!)[0]?.focus(),
    );
  };

  return (
    <div className={`mobile-menu${shown ? ' open' : ''}`} id="mobile-menu" hidden={!open} data-view={view}>
      <div className="mobile-menu-backdrop" onClick={onClose} />
      <div
        ref={panel}
        className="mobile-menu-panel"
        role="dialog"
        aria-modal="true"
        aria-label="Navigation"
        onClick={(event) => {
          if ((event.target as Element).closest('a[href]')) onClose();
        }}
      >
        <div className="mobile-menu-header">
          <a className="navbar-brand" href={home}>
            {logo ? (
              <img className="navbar-logo" src={logo.src} alt="" width={logoWidth(logo, 28)} height="28" />
            ) : null}
            <span className="navbar-title">{title}</span>
          </a>
          <button type="button" className="mobile-menu-close" aria-label="Close navigation menu" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {hasSidebar ? (
          <div className="mobile-menu-sidebar">
            <button type="button" className="mobile-menu-back" onClick={backToMain}>
              ← Back to main menu
            </button>
            <SidebarSlot sidebar={sidebar} html={sidebarHtml} />
          </div>
        ) : null}
        <ul className="mobile-menu-main menu-list">
          {items.map((item) =>
            item.type === 'docsVersionDropdown' ? (
              <li key={item.type}>
                <VersionDropdown menu={item} className="mobile-menu-versions" />
              </li>
            ) : (
              <li key={item.label}>
                <a
                  className="menu-link"
                  href={item.href}
                  {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  {item.label}
                </a>
              </li>
            ),
          )}
        </ul>
      </div>
    </div>
  );
}
