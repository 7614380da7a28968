import { ApiAdmonition } from './ApiAdmonition.js';
import { DEPRECATED_FALLBACK_HTML } from './property-cell.js';
import type { DocView } from '../../shared/api-view-types.js';

/** The prose of a comment: deprecation notice, summary, remarks, notes and default value. */
export function ApiDocBody({ doc }: { doc: DocView }) {
  return (
    <>
      {doc.deprecatedHtml !== undefined ? (
        <ApiAdmonition type="warning" title="Deprecated" html={doc.deprecatedHtml || DEPRECATED_FALLBACK_HTML} />
      ) : null}
      {doc.summaryHtml ? <div className="api-doc" dangerouslySetInnerHTML={{ __html: doc.summaryHtml }} /> : null}
      {doc.remarksHtml ? <div className="api-doc" dangerouslySetInnerHTML={{ __html: doc.remarksHtml }} /> : null}
      {doc.notesHtml.map((html, i) => (
        <ApiAdmonition key={i} type="note" title="Note" html={html} />
      ))}
      {doc.defaultHtml ? (
        <div className="api-default">
          <span className="api-label">Default</span> <span dangerouslySetInnerHTML={{ __html: doc.defaultHtml }} />
        </div>
      ) : null}
    </>
  );
}
