import type { DocView } from '../../shared/api-view-types.js';

/** What a deprecation notice says when its `@deprecated` tag has no message. */
export const DEPRECATED_FALLBACK_HTML = '<p>This API is deprecated.</p>';

/**
 * The description cell of an object type's member row: its deprecation,
 * summary, notes, default value and examples (remarks, throws and see-also
 * are left to the entity's own sections).
 */
export function getPropertyCellHtml(doc: DocView): string {
  const deprecated =
    doc.deprecatedHtml !== undefined
      ? `<p><strong>Deprecated.</strong></p>${doc.deprecatedHtml || DEPRECATED_FALLBACK_HTML}`
      : '';
  const notes = doc.notesHtml.map(
    (html) =>
      `<div class="admonition admonition-note"><p class="admonition-title">Note</p><div class="admonition-content">${html}</div></div>`,
  );
  const extra = doc.defaultHtml ? `<p class="api-default">Default: ${doc.defaultHtml}</p>` : '';
  return [deprecated, doc.summaryHtml, ...notes, extra, ...doc.examplesHtml].join('');
}
