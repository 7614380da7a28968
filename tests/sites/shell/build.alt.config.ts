// The same content under baseUrl /sub/, with the colour switch disabled,
// a bar that cannot be closed, and Google Analytics (tests stub gtag.js).
export default {
  title: 'Shell',
  url: 'https://example.com',
  baseUrl: '/sub/',
  favicon: 'img/dot.svg',
  colorMode: { defaultMode: 'dark', disableSwitch: true },
  announcementBar: { id: 'fixed', content: 'Fixed news', isCloseable: false },
  analytics: { gtag: { trackingID: 'G-TEST123', anonymizeIP: false } },
  docs: { sidebars: { main: ['guides/intro', 'guides/second', 'guides/third'] } },
};
