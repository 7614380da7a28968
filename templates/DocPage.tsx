import { Breadcrumbs } from './Breadcrumbs.js';
import { Html } from './Html.js';
import { Layout } from './Layout.js';
import { PrevNext } from './PrevNext.js';
import { Sidebar } from './Sidebar.js';
import type { PageProps } from './site-data.js';
import { Island } from './Island.js';
import { Toc, tocHeadings } from './Toc.js';

/** A guide or API page: sidebar, breadcrumbs, article, previous/next, table of contents. */
export function DocPage(props: PageProps) {
  const { site, route, sidebar, url } = props;
  const content = route.content!;
  const fm = route.frontMatter ?? {};
  const toc = tocHeadings(content.headings, fm.toc_min_heading_level ?? site.toc.minHeadingLevel, fm.toc_max_heading_level ?? site.toc.maxHeadingLevel);
  const showToc = !fm.hide_table_of_contents && toc.length > 0;
  const heading = content.h1 ?? route.title;
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
                {route.breadcrumbs ? <Breadcrumbs items={route.breadcrumbs} home={site.baseUrl} /> : null}
                {fm.hide_title ? null : (
                  <header className="markdown">
                    <h1 className="doc-title">{heading}</h1>
                  </header>
                )}
                {showToc ? (
                  <Island name="toc" props={{ headings: toc }}>
                    <Toc headings={toc} />
                  </Island>
                ) : null}
                <div className="markdown" dangerouslySetInnerHTML={{ __html: content.html }} />
                {route.editUrl ? (
                  <p className="edit-link">
                    <a href={route.editUrl} target="_blank" rel="noopener noreferrer">
                      Edit this page
                    </a>
                  </p>
                ) : null}
                <PrevNext previous={route.previous} next={route.next} />
              </article>
            </div>
          </main>
        </div>
      </Layout>
    </Html>
  );
}
