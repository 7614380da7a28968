import { ApiTokens } from './ApiTokens.js';
import type { CodeToken } from '../../shared/api-view-types.js';

/** A type inline (in tables and "Returns"). */
export function ApiTypeCode({ tokens }: { tokens: readonly CodeToken[] }) {
  return (
    <code className="api-type">
      <ApiTokens tokens={tokens} />
    </code>
  );
}
