import { ApiLabel, LabelLevel } from './ApiLabel.js';
import { ApiBadges } from './ApiBadges.js';
import { ApiCodeBlock } from './ApiCodeBlock.js';
import { ApiDocBody } from './ApiDocBody.js';
import { ApiDocExtras } from './ApiDocExtras.js';
import { ApiParamTable } from './ApiParamTable.js';
import { ApiSourceLink } from './ApiSourceLink.js';
import { ApiTypeCode } from './ApiTypeCode.js';
import { ApiTypeParamTable } from './ApiTypeParamTable.js';
import type { SignatureView } from '../../shared/api-view-types.js';

/** One call signature: code, comment, type parameters, parameters, returns, examples. */
export function ApiSignature({ sig }: { sig: SignatureView }) {
  const block = (
    <div className="api-signature-block">
      {sig.heading ? <h2 id={sig.heading.id}>{sig.heading.text}</h2> : null}
      {sig.badges.length ? (
        <div className="api-badges">
          <ApiBadges badges={sig.badges} />
        </div>
      ) : null}
      <ApiCodeBlock tokens={sig.code} />
      <ApiDocBody doc={sig.doc} />
      <ApiTypeParamTable params={sig.typeParameters} />
      <ApiParamTable params={sig.parameters} />
      {sig.returns ? (
        <div className="api-returns">
          <ApiLabel>Returns</ApiLabel>
          <p>
            <ApiTypeCode tokens={sig.returns.type} />
          </p>
          {sig.returns.html ? <div dangerouslySetInnerHTML={{ __html: sig.returns.html }} /> : null}
        </div>
      ) : null}
      <ApiDocExtras doc={sig.doc} />
      {sig.source ? <ApiSourceLink source={sig.source} /> : null}
    </div>
  );
  // An overload has its own h2, so its labels are h3.
  return sig.heading ? <LabelLevel.Provider value={3}>{block}</LabelLevel.Provider> : block;
}
