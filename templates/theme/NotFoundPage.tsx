import { Html } from './Html.js';
import { Layout } from './Layout.js';
import type { PageProps } from '../shared/site-data.js';

export function NotFoundPage(props: PageProps) {
  const { site } = props;
  return (
    <Html {...props}>
      <Layout {...props}>
        <main className="center-page">
          <h1>Page Not Found</h1>
          <p>We could not find what you were looking for.</p>
          <p>
            Try the <a href={site.home.getStartedHref}>guides</a>, <a href={`${site.baseUrl}search`}>search the docs</a>
            , or go back to the <a href={site.baseUrl}>home page</a>.
          </p>
        </main>
      </Layout>
    </Html>
  );
}
