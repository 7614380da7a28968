import type { ReactNode } from 'react';
import { Breadcrumbs } from './Breadcrumbs.js';
import { Html } from './Html.js';
import { Island } from './Island.js';
import { LastUpdated } from './LastUpdated.js';
import { Layout } from './Layout.js';
import { PageActions, pageActionLinks } from './PageActions.js';
import { PrevNext } from './PrevNext.js';
import { Sidebar } from './Sidebar.js';
import type { Heading, PageProps } from '../shared/site-data.js';
import { Toc } from './Toc.js';
import { VersionBanner } from './VersionBanner.js';

interface DocFrameProps extends PageProps {
  /** The page's h1; none when the page hides its title. */
  heading?: string;
  /** Headings for "On this page"; none, or an empty list, leaves it out. */
  toc?: Heading[];
  /** The article's body. */
  children: ReactNode;
  /** Extra `<head>` content (the blog's feed links). */
  head?: ReactNode;
}

/**
 * What every page of the docs has around its body: the sidebar, breadcrumbs,
 * the title and its actions menu, "On this page", the edit link and previous/next. Guides, API
 * pages and generated category indexes differ only in their body.
 */
export function DocFrame(props: DocFrameProps) {
  const { site, route, sidebar, url, heading, toc, children } = props;
  const showToc = toc !== undefined && toc.length > 0;
  const actions = pageActionLinks(site, route);
  return (
    <Html {...props}>
      <Layout {...props}>
        <div className={`doc-layout${sidebar ? ' has-sidebar' : ''}`}>
          {props.sidebarHtml !== undefined ? (
            <aside className="sidebar" dangerouslySetInnerHTML={{ __html: props.sidebarHtml }} />
          ) : sidebar ? (
            <aside className="sidebar">
              <Sidebar items={sidebar} url={url} />
            </aside>
          ) : null}
          <main className="doc-main">
            <div className={`doc-container${showToc ? ' has-toc' : ''}`}>
              <article className="doc-article">
                <VersionBanner site={site} route={route} />
                {route.breadcrumbs ? <Breadcrumbs items={route.breadcrumbs} home={site.baseUrl} /> : null}
                {heading === undefined && !actions ? null : (
                  <header className="doc-header">
                    {heading === undefined ? null : <h1 className="doc-title">{heading}</h1>}
                    {actions ? <PageActions links={actions} /> : null}
                  </header>
                )}
                {showToc ? (
                  <Island name="toc" props={{ headings: toc }}>
                    <Toc headings={toc} />
                  </Island>
                ) : null}
                {children}
                {route.editUrl ? (
                  <p className="edit-link">
                    <a href={route.editUrl} target="_blank" rel="noopener noreferrer">
                      Edit this page
                    </a>
                  </p>
                ) : null}
                <LastUpdated lastUpdate={route.lastUpdate} showTime={site.showLastUpdateTime ?? true} />
                <PrevNext previous={route.previous} next={route.next} />
              </article>
            </div>
          </main>
        </div>
      </Layout>
    </Html>
  );
}
