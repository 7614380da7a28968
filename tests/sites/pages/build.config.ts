export default {
  title: 'Pages',
  url: 'https://example.com',
  docs: { sidebars: { main: ['intro'] } },
  navbar: {
    items: [
      { label: 'Help', to: '/help' },
      { label: 'Showcase', to: '/showcase' },
    ],
  },
};
