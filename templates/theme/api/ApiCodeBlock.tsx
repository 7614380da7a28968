import { ApiTokens } from './ApiTokens.js';
import type { CodeToken } from '../../shared/api-view-types.js';

/** A declaration or signature as a code block with linked types. */
export function ApiCodeBlock({ tokens }: { tokens: readonly CodeToken[] }) {
  return (
    <pre className="api-signature">
      <code>
        <ApiTokens tokens={tokens} />
      </code>
    </pre>
  );
}
