import type { ReactNode } from 'react';
import { AnnouncementBar, type AnnouncementBarProps } from '../../theme/AnnouncementBar.js';
import { Navbar, type NavbarProps } from '../../theme/Navbar.js';
import { Toc } from '../../theme/Toc.js';
import type { Heading } from '../../shared/site-data.js';

/**
 * How each island renders in the browser. `prepare` runs once per island,
 * before hydration, to read what stays in the server markup (the mobile
 * sidebar's HTML); the returned function renders from the island's JSON props.
 */
export const islands: Record<string, (container: HTMLElement) => (props: never) => ReactNode> = {
  navbar: (container) => {
    const sidebarHtml = container.querySelector('.mobile-menu-sidebar-slot')?.innerHTML;
    return (props: NavbarProps) => <Navbar {...props} sidebarHtml={sidebarHtml} />;
  },
  announcement: () => (props: AnnouncementBarProps) => <AnnouncementBar {...props} />,
  toc: () => (props: { headings: Heading[] }) => <Toc headings={props.headings} />,
};
