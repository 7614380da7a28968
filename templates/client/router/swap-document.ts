/** `<head>` elements that describe the page and change with it. */
const PAGE_HEAD =
  'meta[name="description"], meta[name="keywords"], meta[name="robots"], meta[property^="og:"], meta[name^="twitter:"], link[rel="canonical"], link[rel="alternate"][type="text/markdown"], script[type="application/ld+json"]';
/** `<html>` attributes that belong to the page (colour mode and search state stay). */
const PAGE_ATTRIBUTES = ['data-page', 'data-mermaid', 'data-docs-version', 'lang', 'dir'];

/** True when the fetched page was built with the same bundle (else a full load is needed). */
export function sameBundle(next: Document): boolean {
  const scripts = (doc: Document) =>
    [...doc.querySelectorAll<HTMLScriptElement>('head script[type="module"][src]')]
      .map((s) => s.getAttribute('src'))
      .join(' ');
  return scripts(next) === scripts(document);
}

/**
 * Replaces the current page with a fetched one: title, page meta tags,
 * page attributes on `<html>` and the body. Elements marked `data-persist`
 * (progress bar, error banners) stay; the sidebar keeps its scroll position.
 */
export function swapDocument(next: Document): void {
  document.title = next.title;
  for (const old of document.head.querySelectorAll(PAGE_HEAD)) old.remove();
  document.head.append(...[...next.head.querySelectorAll(PAGE_HEAD)].map((el) => document.importNode(el, true)));
  const root = document.documentElement;
  for (const name of PAGE_ATTRIBUTES) {
    const value = next.documentElement.getAttribute(name);
    if (value === null) root.removeAttribute(name);
    else root.setAttribute(name, value);
  }
  const sidebarScroll = document.querySelector('.sidebar')?.scrollTop ?? 0;
  const kept = [...document.body.children].filter(
    (el) => el instanceof HTMLElement && el.dataset.persist !== undefined,
  );
  document.body.replaceChildren(...[...next.body.childNodes].map((node) => document.adoptNode(node)), ...kept);
  const sidebar = document.querySelector('.sidebar');
  if (sidebar) sidebar.scrollTop = sidebarScroll;
}
