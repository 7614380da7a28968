import { CategoryCards } from './CategoryCards.js';
import { DocFrame } from './DocFrame.js';
import type { PageProps } from '../shared/site-data.js';

/**
 * A sidebar category's generated index (`link: {type: 'generated-index'}`):
 * its description, then a card for each of its items.
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
      <CategoryCards cards={index.cards} />
    </DocFrame>
  );
}
