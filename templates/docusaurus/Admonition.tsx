import type { ReactNode } from 'react';

/** The types the theme draws with a look of their own; the legacy ones look like the type they stand for. */
const LOOKS: Record<string, string> = {
  note: 'note',
  tip: 'tip',
  info: 'info',
  warning: 'warning',
  danger: 'danger',
  caution: 'caution',
  important: 'info',
  secondary: 'note',
  success: 'tip',
};

/** `@theme/Admonition`: the same `<aside>` as a `:::note` block in content (cli/markdown/plugins/admonition-node.ts). */
export default function Admonition({
  type = 'note',
  title,
  children,
}: {
  type?: string;
  title?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  const look = Object.hasOwn(LOOKS, type) ? LOOKS[type] : undefined;
  const classes = [
    'admonition',
    ...(look ? [`admonition-${look}`] : []),
    ...(look && look !== type ? [`admonition-${type}`] : []),
  ];
  return (
    <aside className={classes.join(' ')}>
      <p className="admonition-title">{title ?? type.charAt(0).toUpperCase() + type.slice(1)}</p>
      <div className="admonition-content">{children}</div>
    </aside>
  );
}
