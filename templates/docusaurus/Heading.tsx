import type { HTMLAttributes } from 'react';

type Level = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/**
 * `@theme/Heading`: the heading `as` names; with an `id` (other than an `h1`), it ends in the `#` link content's
 * headings have, so the page's anchors look and work the same.
 */
export default function Heading({
  as: Tag = 'h2',
  id,
  children,
  ...rest
}: HTMLAttributes<HTMLHeadingElement> & { as?: Level }) {
  return (
    <Tag id={id} {...rest}>
      {children}
      {id && Tag !== 'h1' ? (
        <a
          href={`#${id}`}
          className="hash-link"
          aria-label={`Direct link to ${typeof children === 'string' ? children : id}`}
        >
          #
        </a>
      ) : null}
    </Tag>
  );
}
