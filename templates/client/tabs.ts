import { storage } from '../shared/storage.js';

const storageKey = (group: string) => `docusaurus.tab.${group}`;

function select(container: Element, value: string): boolean {
  const tabs = [...container.querySelectorAll<HTMLButtonElement>(':scope > [role=tablist] > [role=tab]')];
  if (!tabs.some((t) => t.dataset.value === value)) return false;
  for (const tab of tabs) {
    const on = tab.dataset.value === value;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
  }
  for (const panel of container.querySelectorAll<HTMLElement>(':scope > [role=tabpanel]'))
    panel.hidden = panel.dataset.value !== value;
  return true;
}

/** Applies the URL's `queryString` value, else the stored choice of the group, to every tab group of the page. */
function restoreTabs(): void {
  const params = new URLSearchParams(location.search);
  for (const container of document.querySelectorAll<HTMLElement>('.tabs-container')) {
    const group = container.dataset.groupId;
    const query = container.dataset.queryString;
    const wanted = (query && params.get(query)) || (group && storage.get(storageKey(group)));
    if (wanted) select(container, wanted);
  }
}

function choose(tab: HTMLButtonElement): void {
  const container = tab.closest<HTMLElement>('.tabs-container');
  const value = tab.dataset.value;
  if (!container || value === undefined) return;
  const group = container.dataset.groupId;
  const top = tab.getBoundingClientRect().top;
  if (group) {
    storage.set(storageKey(group), value);
    for (const other of document.querySelectorAll<HTMLElement>('.tabs-container'))
      if (other.dataset.groupId === group) select(other, value);
  } else select(container, value);
  const query = container.dataset.queryString;
  if (query) {
    const url = new URL(location.href);
    url.searchParams.set(query, value);
    history.replaceState(history.state, '', url);
  }
  // Keep the clicked tab where it was, even if groups above it changed height.
  window.scrollBy(0, tab.getBoundingClientRect().top - top);
}

/**
 * Tabs in Markdown (`.tabs-container` from rehype-tabs) as plain delegated
 * listeners: no island needed for markup that never re-renders. Tabs sharing
 * a `groupId` switch together on this page and later ones (stored);
 * `queryString` tabs read and write the URL. Arrow keys move between tabs.
 */
export function setupTabs(): void {
  restoreTabs();
  window.addEventListener('docsgen:navigated', restoreTabs);
  document.addEventListener('click', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLButtonElement>('.tabs-container [role=tab]');
    if (tab) choose(tab);
  });
  document.addEventListener('keydown', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLButtonElement>('.tabs-container [role=tab]');
    if (!tab || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
    const tabs = [...tab.parentElement!.querySelectorAll<HTMLButtonElement>('[role=tab]')];
    const next = tabs[(tabs.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    next.focus();
    choose(next);
  });
}
