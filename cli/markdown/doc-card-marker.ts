/**
 * The marker `<DocCardList />` leaves in a compiled page, replaced with the
 * cards of the doc's sidebar category when the page is rendered
 * (cli/routes/doc-card-lists.ts). Only docsgen writes it (as trusted raw
 * HTML): the sanitiser removes `data-doc-card-list` from content's own HTML
 * (sanitize-schema.ts RESERVED_DATA_ATTRIBUTES), and content's text is escaped.
 */
export const DOC_CARD_LIST_MARKER = '<div data-doc-card-list="';

/** The marker for a `<DocCardList />` at `line` of the page (for an error there when the doc has no category). */
export function docCardListMarker(line: number): string {
  return `${DOC_CARD_LIST_MARKER}${line}"></div>`;
}
