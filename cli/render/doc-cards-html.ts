import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CategoryCards } from '../../templates/theme/CategoryCards.js';
import { DOC_CARD_LIST_MARKER } from '../markdown/doc-card-marker.js';
import type { Route } from '../types.js';

/**
 * The route with its `<DocCardList />` markers replaced by its category's
 * cards (routes/doc-card-lists.ts), drawn by the theme's CategoryCards as on
 * a generated index page; a marker with no cards (the doc has no category:
 * an error already) is removed. The route itself is left as it was: its
 * content may be the page cache's.
 */
export function withDocCards(route: Route): Route {
  const html = route.content?.html;
  if (!html?.includes(DOC_CARD_LIST_MARKER)) return route;
  const cards = route.docCards?.length
    ? renderToStaticMarkup(createElement(CategoryCards, { cards: route.docCards }))
    : '';
  let out = '';
  let from = 0;
  for (let at = html.indexOf(DOC_CARD_LIST_MARKER); at !== -1; at = html.indexOf(DOC_CARD_LIST_MARKER, from)) {
    const end = html.indexOf('</div>', at);
    out += html.slice(from, at) + cards;
    from = end + '</div>'.length;
  }
  return { ...route, content: { ...route.content!, html: out + html.slice(from) } };
}
