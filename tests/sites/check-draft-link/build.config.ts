export default {
  title: 'Minimal',
  url: 'https://example.com',
  docs: { sidebars: { main: ['guides/intro', 'guides/second'] } },
};
