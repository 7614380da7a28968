import { DocPage } from './DocPage.js';
import { Html } from './Html.js';
import { Layout } from './Layout.js';
import type { PageProps } from '../shared/site-data.js';

/**
 * A page of the site's pages folder (`src/pages`). A Markdown page is shown as a doc without a sidebar or
 * breadcrumbs (its title, "On this page" when it has headings). A React page is the component's own markup between
 * the navbar and the footer, as Docusaurus's `<Layout>` shows it; wrapped in `<main>` unless it has its own.
 */
export function SitePage(props: PageProps) {
  const { route } = props;
  if (!route.reactPage) return <DocPage {...props} />;
  const html = route.content?.html ?? '';
  const ownMain = html.includes('<main');
  return (
    <Html {...props}>
      <Layout {...props}>
        {ownMain ? (
          <div className="react-page" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <main className="react-page" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </Layout>
    </Html>
  );
}
