import type { SourceView } from '../../shared/api-view-types.js';

/** "Defined in src/Camera.tsx:139", linked to the source at the release tag. */
export function ApiSourceLink({ source }: { source: SourceView }) {
  return (
    <p className="api-source">
      Defined in{' '}
      {source.href ? (
        <a href={source.href} rel="noopener">
          {source.label}
        </a>
      ) : (
        <code>{source.label}</code>
      )}
    </p>
  );
}
