import { ApiLabel } from './ApiLabel.js';
import { ApiHtmlList } from './ApiHtmlList.js';
import type { DocView } from '../../shared/api-view-types.js';

/** The tail of a comment: throws, other tags, see-also and examples. */
export function ApiDocExtras({ doc }: { doc: DocView }) {
  return (
    <>
      <ApiHtmlList title="Throws" items={doc.throwsHtml} className="api-throws" />
      {doc.otherTags.map((tag, i) => (
        <ApiHtmlList key={i} title={tag.title} items={[tag.html]} className="api-tag" />
      ))}
      <ApiHtmlList title="See" items={doc.seeHtml} className="api-see" />
      {doc.examplesHtml.length ? (
        <div className="api-examples">
          <ApiLabel>{doc.examplesHtml.length > 1 ? 'Examples' : 'Example'}</ApiLabel>
          {doc.examplesHtml.map((html, i) => (
            <div key={i} className="api-example" dangerouslySetInnerHTML={{ __html: html }} />
          ))}
        </div>
      ) : null}
    </>
  );
}
