// The code tips' browser test (tests/e2e/code-tips.test.ts): a guide whose
// samples link to a stand-in API page. The links and tips are put in by the
// test (it compiles the guide with the refs a checker would give).
export default {
  title: 'Code Tips',
  url: 'https://example.com',
  favicon: 'img/dot.svg',
  navbar: {
    title: 'Code Tips',
    logo: { alt: 'Code Tips logo', src: 'img/dot.svg' },
    items: [{ label: 'Guides', to: 'docs/guides', position: 'left' }],
  },
  docs: { sidebars: { main: ['guides/intro', 'guides/api'] } },
};
