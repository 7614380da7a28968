import { Html } from './Html.js';
import { Layout } from './Layout.js';
import type { PageProps } from '../shared/site-data.js';

/** The `/search?q=` page shell; results are filled in by the client. */
export function SearchPage(props: PageProps) {
  return (
    <Html {...props}>
      <Layout {...props}>
        <main className="search-page">
          <h1>Search the documentation</h1>
          <form className="search-page-form" role="search" action={props.url} method="get">
            <label htmlFor="search-page-input" className="visually-hidden">
              Search
            </label>
            <input
              id="search-page-input"
              name="q"
              type="search"
              maxLength={64}
              placeholder="Type your search here"
              autoComplete="off"
            />
          </form>
          <noscript>
            <p className="search-page-noscript">
              Search results need JavaScript. The guides and the API reference are all reachable from the sidebar.
            </p>
          </noscript>
          <div className="search-page-results" aria-live="polite" />
        </main>
      </Layout>
    </Html>
  );
}
