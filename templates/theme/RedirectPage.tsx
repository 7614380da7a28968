import { Html } from './Html.js';
import type { PageProps } from '../shared/site-data.js';

/** A static redirect (meta refresh) with a plain link for readers without JavaScript. */
export function RedirectPage(props: PageProps) {
  const to = props.route.redirectTo!;
  return (
    <Html {...props} head={<meta httpEquiv="refresh" content={`0; url=${to}`} />}>
      <main className="center-page">
        <p>
          Redirecting to <a href={to}>{props.route.title}</a>…
        </p>
      </main>
    </Html>
  );
}
