import { ApiLabel } from './ApiLabel.js';
/** A titled block of one HTML item, or a list of several. */
export function ApiHtmlList({ title, items, className }: { title: string; items: string[]; className: string }) {
  if (!items.length) return null;
  return (
    <div className={className}>
      <ApiLabel>{title}</ApiLabel>
      {items.length === 1 ? (
        <div dangerouslySetInnerHTML={{ __html: items[0]! }} />
      ) : (
        <ul>
          {items.map((html, i) => (
            <li key={i} dangerouslySetInnerHTML={{ __html: html }} />
          ))}
        </ul>
      )}
    </div>
  );
}
