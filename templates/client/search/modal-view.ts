/**
 * The modal's DOM: the dialog skeleton, the start screen (recent searches and
 * favourites) and grouped results. No state lives here.
 */
import { createHitLink, element, type HitSummary } from './hit-view.js';
import type { SearchHit } from '../../shared/search-types.js';

export interface ModalElements {
  backdrop: HTMLElement;
  dialog: HTMLElement;
  form: HTMLFormElement;
  input: HTMLInputElement;
  cancel: HTMLButtonElement;
  body: HTMLElement;
}

let optionCount = 0;

/** Builds the (hidden) dialog and adds it to the page. */
export function createModal(): ModalElements {
  const backdrop = element('div', 'search-modal-backdrop');
  backdrop.hidden = true;
  const dialog = element('div', 'search-modal');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', 'Search');
  const form = element('form', 'search-modal-form');
  form.setAttribute('role', 'search');
  const label = element('label', 'visually-hidden', 'Search');
  label.htmlFor = 'search-modal-input';
  const input = element('input', 'search-modal-input');
  Object.assign(input, {
    id: 'search-modal-input',
    type: 'search',
    maxLength: 64,
    placeholder: 'Search docs',
    autocomplete: 'off',
    spellcheck: false,
    enterKeyHint: 'go',
  });
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', 'search-modal-body');
  input.setAttribute('aria-expanded', 'true');
  const cancel = element('button', 'search-modal-cancel', 'Cancel');
  cancel.type = 'button';
  form.append(label, input, cancel);
  const body = element('div', 'search-modal-body');
  body.id = 'search-modal-body';
  const footer = element('footer', 'search-modal-footer');
  for (const [keys, text] of [
    [['↵'], 'to select'],
    [['↑', '↓'], 'to navigate'],
    [['esc'], 'to close'],
  ] as const) {
    const hint = element('span', 'search-modal-hint');
    for (const key of keys) hint.append(element('kbd', undefined, key));
    hint.append(` ${text}`);
    footer.append(hint);
  }
  dialog.append(form, body, footer);
  backdrop.append(dialog);
  document.body.append(backdrop);
  return { backdrop, dialog, form, input, cancel, body };
}

/** A listbox option wrapping a hit link; `actions` are buttons beside it. */
function createOption(link: HTMLAnchorElement, actions: HTMLButtonElement[] = []): HTMLLIElement {
  const option = element('li', 'search-option');
  option.id = `search-option-${++optionCount}`;
  option.setAttribute('role', 'option');
  option.setAttribute('aria-selected', 'false');
  option.append(link, ...actions);
  return option;
}

function createSection(title: string, options: HTMLLIElement[]): HTMLElement {
  const section = element('section', 'search-group');
  const heading = element('div', 'search-group-title', title);
  heading.id = `search-group-${++optionCount}`;
  const list = element('ul', 'search-group-list');
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-labelledby', heading.id);
  list.append(...options);
  section.append(heading, list);
  return section;
}

function actionButton(className: string, label: string, symbol: string, run: () => void): HTMLButtonElement {
  const button = element('button', `search-hit-action ${className}`, symbol);
  button.type = 'button';
  button.title = label;
  button.setAttribute('aria-label', label);
  button.addEventListener('click', (event) => {
    event.preventDefault();
    event.stopPropagation();
    run();
  });
  return button;
}

export interface StartScreenActions {
  favorite(hit: HitSummary): void;
  removeRecent(hit: HitSummary): void;
  removeFavorite(hit: HitSummary): void;
  opened(hit: HitSummary): void;
}

/** Recent searches and favourites, each removable; or a short note when there are none. */
export function renderStartScreen(
  body: HTMLElement,
  recents: HitSummary[],
  favorites: HitSummary[],
  actions: StartScreenActions,
): void {
  body.replaceChildren();
  if (!recents.length && !favorites.length) {
    body.append(element('p', 'search-start-empty', 'No recent searches'));
    return;
  }
  const link = (hit: HitSummary) => {
    const anchor = createHitLink(hit);
    anchor.addEventListener('click', () => actions.opened(hit));
    return anchor;
  };
  if (recents.length) {
    const options = recents.map((hit) =>
      createOption(link(hit), [
        actionButton('search-hit-favorite', 'Save this search', '☆', () => actions.favorite(hit)),
        actionButton('search-hit-remove', 'Remove this search from history', '✕', () => actions.removeRecent(hit)),
      ]),
    );
    body.append(createSection('Recent', options));
  }
  if (favorites.length) {
    const options = favorites.map((hit) =>
      createOption(link(hit), [
        actionButton('search-hit-remove', 'Remove this search from favorites', '✕', () => actions.removeFavorite(hit)),
      ]),
    );
    body.append(createSection('Favorites', options));
  }
}

/**
 * Hits in rank order, as on the search page, under a title for each run of hits of one top-level group (a group
 * comes back when a later hit has it again), then a link to the search page.
 */
export function renderResults(
  body: HTMLElement,
  hits: SearchHit[],
  total: number,
  allResultsUrl: string,
  opened: (hit: SearchHit) => void,
): void {
  const runs: [string, SearchHit[]][] = [];
  for (const hit of hits) {
    const last = runs[runs.length - 1];
    if (last?.[0] === hit.group) last[1].push(hit);
    else runs.push([hit.group, [hit]]);
  }
  body.replaceChildren();
  for (const [group, list] of runs) {
    const options = list.map((hit) => {
      const anchor = createHitLink(hit);
      anchor.addEventListener('click', () => opened(hit));
      return createOption(anchor);
    });
    body.append(createSection(group, options));
  }
  const more = element('a', 'search-see-all', total === 1 ? 'See 1 result' : `See all ${total} results`);
  more.href = allResultsUrl;
  body.append(more);
}
