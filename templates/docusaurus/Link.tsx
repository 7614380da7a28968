import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { isExternal, withBaseUrl } from './site.js';

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  to?: string;
  children?: ReactNode;
  /** Docusaurus's NavLink props: accepted, and not written into the markup. */
  isNavLink?: boolean;
  activeClassName?: string;
  autoAddBaseUrl?: boolean;
};

/**
 * `@docusaurus/Link` and `@theme/Link`: a plain `<a>` whose site path gets
 * the base URL (the client router already follows plain links); a link that
 * leaves the site opens as Docusaurus opens it, in a new tab, without opener.
 */
export default function Link({ to, href, isNavLink, activeClassName, autoAddBaseUrl = true, ...rest }: LinkProps) {
  const target = to ?? href ?? '';
  const external = isExternal(target);
  const url = autoAddBaseUrl ? withBaseUrl(target) : target;
  const extra = external && /^https?:/i.test(target) ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return <a {...extra} {...rest} href={url} />;
}
