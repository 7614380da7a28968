// The interactive shell's browser tests (tests/e2e/): tabs, code blocks, a
// closeable announcement bar, hideOnScroll, a sidebar for the mobile menu.
export default {
  title: 'Shell',
  tagline: 'A site for the browser tests',
  url: 'https://example.com',
  favicon: 'img/dot.svg',
  navbar: {
    title: 'Shell',
    logo: { alt: 'Shell logo', src: 'img/dot.svg' },
    hideOnScroll: true,
    items: [
      { label: 'Guides', to: 'docs/guides', position: 'left' },
      { label: 'Elsewhere', href: 'https://example.org/elsewhere', position: 'left' },
      { label: 'GitHub', href: 'https://github.com/example/shell', position: 'right' },
    ],
  },
  announcementBar: {
    id: 'promo-2',
    content: 'Try the <b>demo</b> app',
    backgroundColor: '#2d1b69',
    textColor: '#ffffff',
    isCloseable: true,
  },
  docs: { sidebars: { main: ['guides/intro', 'guides/second', 'guides/third'] } },
};
