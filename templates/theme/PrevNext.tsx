import type { PageRoute } from '../shared/site-data.js';

export function PrevNext({ previous, next }: Pick<PageRoute, 'previous' | 'next'>) {
  if (!previous && !next) return null;
  return (
    <nav className="pagination" aria-label="Docs pages">
      {previous ? (
        <a className="pagination-link pagination-prev" href={previous.href} rel="prev">
          <span className="pagination-sub">Previous</span>
          <span className="pagination-label">« {previous.label}</span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="pagination-link pagination-next" href={next.href} rel="next">
          <span className="pagination-sub">Next</span>
          <span className="pagination-label">{next.label} »</span>
        </a>
      ) : null}
    </nav>
  );
}
