/** How long "Copied" (or the failure) shows before the button reads "Copy page" again. */
const CONFIRM_MS = 2000;

/** The selector of the menu (client/page-actions.ts, which loads this chunk: an import back would be a shared chunk). */
let menuSelector = '.page-actions';

/**
 * The page's Markdown copy on the clipboard. The write starts at once, with the
 * text still on its way (a `ClipboardItem` of a promise): Safari accepts a
 * clipboard write only within the click that asked for it, not after a fetch.
 */
async function writeCopy(href: string): Promise<void> {
  const text = fetch(href).then((response) => {
    if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
    return response.text();
  });
  try {
    await navigator.clipboard.write([
      new ClipboardItem({ 'text/plain': text.then((body) => new Blob([body], { type: 'text/plain' })) }),
    ]);
  } catch {
    // A browser without promised clipboard items: the text itself (a failed fetch fails here again, and is reported).
    await navigator.clipboard.writeText(await text);
  }
}

/** Shows the outcome on the button and says it in the menu's live region, then puts the label back. */
function confirm(button: HTMLButtonElement, label: string, message: string): void {
  const text = button.querySelector('.page-actions-label');
  const status = button.closest(menuSelector)?.querySelector('[role="status"]');
  if (!text) return;
  text.textContent = label;
  button.classList.toggle('copied', label === 'Copied');
  if (status) status.textContent = message;
  window.setTimeout(() => {
    text.textContent = 'Copy page';
    button.classList.remove('copied');
    if (status) status.textContent = '';
  }, CONFIRM_MS);
}

/**
 * The button's copy URL if it is this page's own (`/docs/x` → `/docs/x.md`, the
 * home page → `index.md`). A page's body cannot run code, but it can draw a
 * look-alike button: this keeps it from putting some other file on the clipboard.
 */
function ownCopyUrl(href: string): string {
  const url = new URL(href, location.href);
  const base = document.documentElement.dataset.baseUrl ?? '/';
  const page = location.pathname.replace(/(?:\/index)?\.html$|\/$/, '');
  const own = page === '' || page + '/' === base ? `${base}index.md` : `${page}.md`;
  if (url.origin !== location.origin || url.pathname !== own)
    throw new Error(`${href} is not this page's Markdown copy`);
  return url.href;
}

async function copyPage(button: HTMLButtonElement): Promise<void> {
  try {
    await writeCopy(ownCopyUrl(button.dataset.markdown ?? ''));
    confirm(button, 'Copied', 'Page copied to the clipboard as Markdown.');
  } catch (error) {
    console.error('[docsgen] could not copy the page', error);
    confirm(button, 'Copy failed', 'Could not copy the page. Use View as Markdown instead.');
  }
}

function openMenus(): HTMLDetailsElement[] {
  return [...document.querySelectorAll<HTMLDetailsElement>(`${menuSelector} details[open]`)];
}

function onClick(event: Event): void {
  const target = event.target as Element | null;
  const button = target?.closest?.<HTMLButtonElement>(`${menuSelector} .page-actions-copy`);
  if (button) {
    void copyPage(button);
    return;
  }
  // A link of the menu opened a tab (or a page): the menu has done its job.
  if (target?.closest?.(`${menuSelector} a`)) for (const menu of openMenus()) menu.open = false;
}

/** Escape closes the menu and gives the focus back to its toggle; a press outside closes it. */
function onKeydown(event: KeyboardEvent): void {
  if (event.key !== 'Escape') return;
  const menu = (event.target as Element | null)?.closest?.<HTMLDetailsElement>(`${menuSelector} details[open]`);
  if (!menu) return;
  menu.open = false;
  menu.querySelector('summary')?.focus();
}

function onPointerdown(event: Event): void {
  for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
}

/**
 * Takes over the menus of this page and of every page the reader goes to
 * (delegated listeners survive client-side navigation). `pending` is a click
 * on the menu that came while this chunk loaded (or with no pointer or focus
 * before it, from assistive technology): it is acted on here.
 */
export function startPageActions(selector: string, pending?: Event): void {
  menuSelector = selector;
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeydown);
  document.addEventListener('pointerdown', onPointerdown);
  if (pending) onClick(pending);
}
