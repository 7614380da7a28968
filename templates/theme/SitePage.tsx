import { DocPage } from './DocPage.js';
import { Html } from './Html.js';
import { Layout } from './Layout.js';
import type { PageProps } from '../shared/site-data.js';

/**
 * A page of the site's pages folder (`src/pages`). A Markdown page is shown as a doc without a sidebar or
 * breadcrumbs (its title, "On this page" when it has headings). A React page is the component's own markup between
 * the navbar and the footer, as Docusaurus's `<Layout>` shows it, in the page's one `<main>`.
 */
export function SitePage(props: PageProps) {
  const { route } = props;
  if (!route.reactPage) return <DocPage {...props} />;
  return (
    <Html {...props}>
      <Layout {...props}>
        <main className="react-page" dangerouslySetInnerHTML={{ __html: withoutMain(route.content?.html ?? '') }} />
      </Layout>
    </Html>
  );
}

/**
 * A Docusaurus page puts its header (a hero) before its own `<main>`, beside a navbar that is no banner; here the
 * navbar is the page's banner, so the page's markup goes inside the one `<main>` (a header there is no second
 * banner), its own `<main>` becoming a `<div>` with the same attributes. React escapes `<` in text and attributes,
 * so `<main` in the markup is always a tag.
 */
function withoutMain(html: string): string {
  return html.replace(/<(\/?)main(?=[\s>])/g, '<$1div');
}
