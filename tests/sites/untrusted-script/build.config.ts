// Every script vector of issue 14 §2, each a payload that calls a beacon URL (`/beacon/<name>`) if it ever runs.
// tests/e2e/untrusted-script.test.ts builds it as it is (sanitised) and with `markdown.trustContent: true`.
export default {
  title: 'Untrusted',
  url: 'https://example.com',
  docs: { sidebars: { main: ['guides/vectors', 'guides/raw', 'guides/diagram', 'guides/gadgets'] } },
  // Analytics reads window.dataLayer, which an element id could shadow (gadgets.mdx).
  analytics: { gtag: { trackingID: 'G-TEST' } },
  home: { getStartedTo: 'docs/guides/vectors' },
  // raw.md holds the vectors of raw HTML in CommonMark: it is read as CommonMark, as a Docusaurus 2 site reads it.
  markdown: { format: 'detect' },
};
