import { useRef } from 'react';
import { useActiveHeading } from './browser/use-active-heading.js';
import type { Heading } from '../shared/site-data.js';
import { nestHeadings, type TocNode } from './toc-tree.js';

function List({ nodes, active }: { nodes: TocNode[]; active?: string }) {
  return (
    <ul>
      {nodes.map((n) => (
        <li key={n.id}>
          <a
            href={`#${n.id}`}
            className={`toc-link${n.id === active ? ' active' : ''}`}
            aria-current={n.id === active ? 'location' : undefined}
          >
            {n.text}
          </a>
          {n.children.length ? <List nodes={n.children} active={active} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The headings "On this page" lists: those between the configured levels. */
export function tocHeadings(headings: Heading[], min: number, max: number): Pick<Heading, 'depth' | 'id' | 'text'>[] {
  return headings.filter((h) => h.depth >= min && h.depth <= max).map(({ depth, id, text }) => ({ depth, id, text }));
}

/**
 * "On this page": a column beside the article on wide screens, highlighting
 * the heading in view, and a closed disclosure above the article below
 * 996 px (CSS shows one or the other, so nothing moves after load).
 * Hydrates as the `toc` island.
 */
export function Toc({ headings }: { headings: Heading[] }) {
  const nodes = nestHeadings(headings);
  const active = useActiveHeading(headings.map((h) => h.id));
  const disclosure = useRef<HTMLDetailsElement>(null);
  return (
    <>
      <nav className="toc" aria-label="On this page">
        <p className="toc-title">On this page</p>
        <List nodes={nodes} active={active} />
      </nav>
      <details
        ref={disclosure}
        className="toc-mobile"
        onClick={(event) => {
          if ((event.target as Element).closest('a[href]') && disclosure.current) disclosure.current.open = false;
        }}
      >
        <summary className="toc-mobile-title">On this page</summary>
        <nav aria-label="On this page">
          <List nodes={nodes} active={active} />
        </nav>
      </details>
    </>
  );
}
