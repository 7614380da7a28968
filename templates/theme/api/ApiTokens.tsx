import type { CodeToken } from '../../shared/api-view-types.js';

/** Code tokens as spans; tokens with an href become links. */
export function ApiTokens({ tokens }: { tokens: readonly CodeToken[] }) {
  return (
    <>
      {tokens.map((token, i) => {
        const className = token.cls ? `tk-${token.cls}` : undefined;
        if (token.href)
          return (
            <a key={i} href={token.href} className={className}>
              {token.text}
            </a>
          );
        return className ? (
          <span key={i} className={className}>
            {token.text}
          </span>
        ) : (
          token.text
        );
      })}
    </>
  );
}
