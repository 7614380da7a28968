/**
 * The screens shown instead of results: no results, provider unreachable.
 * Shared by the modal and the search page; the query is only ever text.
 */
import { element } from './hit-view.js';
import type { SearchSettings } from '../../shared/search-types.js';

/** 'No results for "<query>"', suggestions to try, and a link to report the miss. */
export function createNoResults(
  query: string,
  settings: Pick<SearchSettings, 'suggestions' | 'issuesUrl'> | undefined,
  onSuggestion: (text: string) => void,
): HTMLElement {
  const screen = element('div', 'search-no-results');
  const title = element('p', 'search-no-results-title', 'No results for "');
  title.append(element('strong', undefined, query), '"');
  screen.append(title);
  const suggestions = settings?.suggestions ?? [];
  if (suggestions.length) {
    screen.append(element('p', 'search-no-results-try', 'Try searching for'));
    const list = element('ul', 'search-suggestions');
    for (const suggestion of suggestions) {
      const button = element('button', 'search-suggestion', suggestion);
      button.type = 'button';
      button.addEventListener('click', () => onSuggestion(suggestion));
      const item = element('li');
      item.append(button);
      list.append(item);
    }
    screen.append(list);
  }
  if (settings?.issuesUrl) {
    const help = element('p', 'search-no-results-help', 'Believe this query should return results? ');
    const link = element('a', undefined, 'Let us know.');
    link.href = `${settings.issuesUrl}/new?title=${encodeURIComponent(`Search: no results for "${query}"`)}`;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    help.append(link);
    screen.append(help);
  }
  return screen;
}

/** 'Unable to fetch results': the provider or the index could not be reached. */
export function createFetchError(): HTMLElement {
  const screen = element('div', 'search-error');
  screen.setAttribute('role', 'alert');
  screen.append(
    element('p', 'search-error-title', 'Unable to fetch results'),
    element('p', 'search-error-help', 'You might want to check your network connection.'),
  );
  return screen;
}
