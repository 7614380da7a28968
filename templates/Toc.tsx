import type { Heading } from './site-data.js';

interface TocNode extends Heading {
  children: TocNode[];
}

function nest(headings: Heading[]): TocNode[] {
  const roots: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const h of headings) {
    const node: TocNode = { ...h, children: [] };
    while (stack.length && stack[stack.length - 1].depth >= h.depth) stack.pop();
    (stack.length ? stack[stack.length - 1].children : roots).push(node);
    stack.push(node);
  }
  return roots;
}

function List({ nodes }: { nodes: TocNode[] }) {
  return (
    <ul>
      {nodes.map((n) => (
        <li key={n.id}>
          <a href={`#${n.id}`} className="toc-link">
            {n.text}
          </a>
          {n.children.length ? <List nodes={n.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** "On this page": the page's headings between the configured levels. */
export function Toc({ headings, min, max }: { headings: Heading[]; min: number; max: number }) {
  const shown = headings.filter((h) => h.depth >= min && h.depth <= max);
  if (!shown.length) return null;
  return (
    <nav className="toc" aria-label="On this page">
      <details className="toc-details" open>
        <summary className="toc-title">On this page</summary>
        <List nodes={nest(shown)} />
      </details>
    </nav>
  );
}
