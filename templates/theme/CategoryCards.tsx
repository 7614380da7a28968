import { ExternalIcon } from './Icons.js';
import { isExternalLink } from './Sidebar.js';
import type { CategoryCard } from '../shared/site-data.js';

/**
 * The cards of a sidebar category's items: on its generated index page, and
 * where a doc shows `<DocCardList />`. Descriptions of docs come from
 * content, so they are only ever text here.
 */
export function CategoryCards({ cards }: { cards: CategoryCard[] }) {
  return (
    <ul className="category-cards">
      {cards.map((card, i) => {
        const external = card.kind === 'link' && isExternalLink(card.href);
        return (
          <li key={i}>
            <a
              className={`category-card category-card-${card.kind}`}
              href={card.href}
              {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              <span className="category-card-title">
                {card.label}
                {external ? <ExternalIcon /> : null}
              </span>
              {card.description ? <span className="category-card-description">{card.description}</span> : null}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
