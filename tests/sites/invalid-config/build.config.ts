export default {
  title: 'Invalid',
  url: 'https://example.com',
  navbar: {
    items: [
      { label: 'Docs', to: 'docs/guides' },
      { label: 'GitHub', href: 42 },
    ],
  },
  sidebarz: {},
};
