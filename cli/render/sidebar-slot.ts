/**
 * Pages are rendered with this in place of their sidebar, and the sidebar,
 * marked for the page, is put in its place when the page is written. A
 * rendered page then depends on nothing that every other page's title or
 * position changes: it can be cached, and a new doc or a renamed one costs
 * one string splice per page instead of a render.
 *
 * It starts with `<`: nothing content writes before the sidebar (head,
 * navbar, island props) can hold one unescaped, so the first occurrence is
 * always the slot. Its offset is found once, when the page is rendered.
 */
export const SIDEBAR_SLOT = '<!--docsgen:sidebar-->';

/** Where the slot is in a rendered page, or -1 for a page without a sidebar. */
export function findSidebarSlot(html: string): number {
  return html.indexOf(SIDEBAR_SLOT);
}

/** The page with its sidebar in the slot found by `findSidebarSlot`. */
export function fillSidebarSlot(html: string, slot: number, sidebar: string | undefined): string {
  if (slot < 0) return html;
  return html.slice(0, slot) + (sidebar ?? '') + html.slice(slot + SIDEBAR_SLOT.length);
}
