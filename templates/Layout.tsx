import type { ReactNode } from 'react';
import { AnnouncementBar } from './AnnouncementBar.js';
import { Footer } from './Footer.js';
import { Navbar } from './Navbar.js';
import type { PageProps } from './site-data.js';

/** Skip link, announcement bar, navbar, the page's main content and the footer. */
export function Layout(props: PageProps & { children: ReactNode }) {
  const { site, children } = props;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {site.announcementBar ? <AnnouncementBar bar={site.announcementBar} /> : null}
      <Navbar {...props} />
      <div className="page" id="main" tabIndex={-1}>
        {children}
      </div>
      <Footer site={site} />
    </>
  );
}
