import { LabelLevel } from './ApiLabel.js';
import { ApiBadges } from './ApiBadges.js';
import { ApiCodeBlock } from './ApiCodeBlock.js';
import { ApiDocBody } from './ApiDocBody.js';
import { ApiDocExtras } from './ApiDocExtras.js';
import { ApiSignature } from './ApiSignature.js';
import { ApiSourceLink } from './ApiSourceLink.js';
import type { MemberView } from '../../shared/api-view-types.js';

/** One property, method, accessor or constructor under its h3 (lower-case id, plus an exact-case anchor). */
export function ApiMember({ member }: { member: MemberView }) {
  return (
    <LabelLevel.Provider value={4}>
      <div className="api-member-block">
        <h3 id={member.id} className="api-member">
          {member.exactId ? <span id={member.exactId} /> : null}
          <code>{member.headingText}</code>
          {member.badges.length ? ' ' : null}
          <ApiBadges badges={member.badges} />
        </h3>
        {member.code ? <ApiCodeBlock tokens={member.code} /> : null}
        {member.doc ? <ApiDocBody doc={member.doc} /> : null}
        {member.signatures.map((sig, i) => (
          <ApiSignature key={i} sig={sig} />
        ))}
        {member.doc ? <ApiDocExtras doc={member.doc} /> : null}
        {member.inherited ? (
          <p className="api-inherited">
            Inherited from{' '}
            {member.inherited.href ? (
              <a href={member.inherited.href}>
                <code>{member.inherited.name}</code>
              </a>
            ) : (
              <code>{member.inherited.name}</code>
            )}
          </p>
        ) : null}
        {member.source && !member.signatures.length ? <ApiSourceLink source={member.source} /> : null}
      </div>
    </LabelLevel.Provider>
  );
}
