import { DocFrame } from './DocFrame.js';
import { ExternalIcon } from './Icons.js';
import { isExternalLink } from './Sidebar.js';
import type { PageProps } from './site-data.js';

/**
 * A sidebar category's generated index (`link: {type: 'generated-index'}`):
 * its description, then a card for each of its items. Descriptions of docs
 * come from content, so they are only ever text here.
 */
export function CategoryIndexPage(props: PageProps) {
  const { route } = props;
  const index = route.categoryIndex!;
  return (
    <DocFrame {...props} heading={route.title}>
      {route.description ? (
        <div className="markdown">
          <p className="category-description">{route.description}</p>
        </div>
      ) : null}
      <ul className="category-cards">
        {index.cards.map((card, i) => {
          const external = card.kind === 'link' && isExternalLink(card.href);
          return (
            <li key={i}>
              <a className={`category-card category-card-${card.kind}`} href={card.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
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
    </DocFrame>
  );
}
