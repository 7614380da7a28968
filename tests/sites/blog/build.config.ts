export default {
  title: 'Lantern',
  url: 'https://lantern.dev',
  navbar: {
    items: [
      { label: 'Docs', href: '/docs/intro' },
      { label: 'Blog', href: '/blog' },
    ],
  },
  blog: { postsPerPage: 2, blogTitle: 'Lantern blog', blogDescription: 'News from the Lantern team' },
};
