import { storage } from './storage.js';

function select(container: Element, value: string): boolean {
  const tabs = [...container.querySelectorAll<HTMLButtonElement>(':scope > [role=tablist] > [role=tab]')];
  if (!tabs.some((t) => t.dataset.value === value)) return false;
  for (const tab of tabs) {
    const on = tab.dataset.value === value;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
  }
  for (const panel of container.querySelectorAll<HTMLElement>(':scope > [role=tabpanel]')) panel.hidden = panel.dataset.value !== value;
  return true;
}

/** Tabs switch panels; tabs sharing a groupId switch together and remember the choice. */
export function setupTabs(): void {
  const containers = [...document.querySelectorAll<HTMLElement>('.tabs-container')];
  const params = new URLSearchParams(location.search);
  for (const container of containers) {
    const group = container.dataset.groupId;
    const query = container.dataset.queryString;
    const wanted = (query && params.get(query)) || (group && storage.get(`docusaurus.tab.${group}`));
    if (wanted) select(container, wanted);
  }
  document.addEventListener('click', (event) => {
    const tab = (event.target as Element).closest?.<HTMLButtonElement>('.tabs-container [role=tab]');
    if (!tab) return;
    const container = tab.closest<HTMLElement>('.tabs-container')!;
    const value = tab.dataset.value!;
    const group = container.dataset.groupId;
    const top = tab.getBoundingClientRect().top;
    if (group) {
      storage.set(`docusaurus.tab.${group}`, value);
      for (const other of containers) if (other.dataset.groupId === group) select(other, value);
    } else select(container, value);
    const query = container.dataset.queryString;
    if (query) {
      const url = new URL(location.href);
      url.searchParams.set(query, value);
      history.replaceState(history.state, '', url);
    }
    // Keep the clicked tab where it was, even if groups above it changed height.
    window.scrollBy(0, tab.getBoundingClientRect().top - top);
  });
  document.addEventListener('keydown', (event) => {
    const tab = (event.target as Element).closest?.<HTMLButtonElement>('[role=tab]');
    if (!tab || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
    const tabs = [...tab.parentElement!.querySelectorAll<HTMLButtonElement>('[role=tab]')];
    const next = tabs[(tabs.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    next.focus();
    next.click();
  });
}
