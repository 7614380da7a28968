import { Html } from './Html.js';
import { Layout } from './Layout.js';
import type { PageProps } from '../shared/site-data.js';

/** The longest query the page reads from its URL (the input's maxLength; the client script cuts it alike). */
export const SEARCH_QUERY_MAX = 64;

/**
 * Titles the page with its query before the first paint, so the heading the reader sees first is the one that stays
 * (the results script would otherwise retitle it a second later: a late largest paint, Lighthouse's LCP). The query
 * is set as text, never as markup. It also marks the page as showing a query, which keeps room for the results.
 */
const TITLE_SCRIPT = `(function(h){var q=(new URLSearchParams(location.search).get('q')||'').slice(0,${SEARCH_QUERY_MAX});if(h&&q){h.textContent='Search results for "'+q+'"';h.parentNode.setAttribute('data-query','')}})(document.currentScript.previousElementSibling)`;

/** The `/search?q=` page shell; results are filled in by the client. */
export function SearchPage(props: PageProps) {
  return (
    <Html {...props}>
      <Layout {...props}>
        <main className="search-page">
          <h1 data-title="Search the documentation">Search the documentation</h1>
          <script dangerouslySetInnerHTML={{ __html: TITLE_SCRIPT }} />
          <form className="search-page-form" role="search" action={props.url} method="get">
            <label htmlFor="search-page-input" className="visually-hidden">
              Search
            </label>
            <input
              id="search-page-input"
              name="q"
              type="search"
              maxLength={SEARCH_QUERY_MAX}
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
