export default {
  title: 'Pages',
  tagline: 'Pages beside the docs',
  url: 'https://example.com',
  docs: { sidebars: { main: ['intro'] } },
  // The counter page is hydrated in the browser; the others stay static markup.
  pages: { client: ['counter.tsx'] },
  navbar: {
    items: [
      { label: 'Help', to: '/help' },
      { label: 'Showcase', to: '/showcase' },
    ],
  },
};
