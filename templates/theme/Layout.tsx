import type { ReactNode } from 'react';
import { AnnouncementBar } from './AnnouncementBar.js';
import { Footer } from './Footer.js';
import { Island } from './Island.js';
import { Navbar, navbarProps } from './Navbar.js';
import { Sidebar } from './Sidebar.js';
import type { PageProps } from '../shared/site-data.js';

/** Skip link, announcement bar, navbar, the page's main content and the footer. */
export function Layout(props: PageProps & { children: ReactNode }) {
  const { site, children } = props;
  const navbar = navbarProps(props);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {site.announcementBar ? (
        <Island name="announcement" props={site.announcementBar}>
          <AnnouncementBar {...site.announcementBar} />
        </Island>
      ) : null}
      <Island name="navbar" props={navbar}>
        <Navbar
          {...navbar}
          sidebar={
            props.sidebar && props.sidebarHtml === undefined ? (
              <Sidebar items={props.sidebar} url={props.url} label="Docs (mobile)" />
            ) : undefined
          }
        />
      </Island>
      <div className="page" id="main" tabIndex={-1}>
        {children}
      </div>
      <Footer site={site} />
    </>
  );
}
