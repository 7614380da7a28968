import { HomeIcon } from './Icons.js';

export function Breadcrumbs({ items, home }: { items: { label: string; href?: string }[]; home: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <a href={home} aria-label="Home page">
            <HomeIcon />
          </a>
        </li>
        {items.map((item, i) => (
          <li key={i} aria-current={i === items.length - 1 ? 'page' : undefined}>
            {item.href && i < items.length - 1 ? <a href={item.href}>{item.label}</a> : <span>{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
