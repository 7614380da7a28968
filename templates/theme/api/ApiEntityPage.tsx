import { ApiBadges } from './ApiBadges.js';
import { ApiCodeBlock } from './ApiCodeBlock.js';
import { ApiDocBody } from './ApiDocBody.js';
import { ApiDocExtras } from './ApiDocExtras.js';
import { ApiMember } from './ApiMember.js';
import { ApiPropertyTable } from './ApiPropertyTable.js';
import { ApiSignature } from './ApiSignature.js';
import { ApiSourceLink } from './ApiSourceLink.js';
import { ApiTokens } from './ApiTokens.js';
import { ApiTypeParamTable } from './ApiTypeParamTable.js';
import type { EntityPageView } from '../../shared/api-view-types.js';

/** The body of an entity page (below the h1, which the layout renders). */
export function ApiEntityPage({ view, kind }: { view: EntityPageView; kind: string }) {
  return (
    <div className={`api-page api-page--${kind}`}>
      <div className="api-badges">
        <ApiBadges badges={view.badges} />
      </div>
      <ApiDocBody doc={view.doc} />
      {view.hierarchy.length ? (
        <dl className="api-hierarchy">
          {view.hierarchy.map((h) => [
            <dt key={`${h.label}-t`}>{h.label}</dt>,
            <dd key={`${h.label}-d`}>
              {h.types.map((tokens, i) => (
                <code key={i} className="api-type">
                  <ApiTokens tokens={tokens} />
                </code>
              ))}
            </dd>,
          ])}
        </dl>
      ) : null}
      {view.declaration ? <ApiCodeBlock tokens={view.declaration} /> : null}
      <ApiTypeParamTable params={view.typeParameters} />
      {view.signatures.map((sig, i) => (
        <ApiSignature key={i} sig={sig} />
      ))}
      <ApiDocExtras doc={view.doc} />
      {view.properties ? (
        <>
          <h2 id={view.properties.id}>{view.properties.title}</h2>
          <ApiPropertyTable rows={view.properties.rows} />
        </>
      ) : null}
      {view.sections.map((section) => (
        <section key={section.id} className="api-section">
          <h2 id={section.id}>{section.title}</h2>
          {section.members.map((member) => (
            <ApiMember key={member.id} member={member} />
          ))}
        </section>
      ))}
      {view.source ? <ApiSourceLink source={view.source} /> : null}
    </div>
  );
}
