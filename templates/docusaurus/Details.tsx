import type { DetailsHTMLAttributes, ReactNode } from 'react';

/** `@theme/Details`: a `<details>` as content's `<details>` renders (the theme's stylesheet draws it). */
export default function Details({
  summary,
  children,
  ...rest
}: DetailsHTMLAttributes<HTMLDetailsElement> & { summary?: ReactNode }) {
  return (
    <details {...rest}>
      {summary === undefined ? null : typeof summary === 'string' ? <summary>{summary}</summary> : summary}
      {children}
    </details>
  );
}
