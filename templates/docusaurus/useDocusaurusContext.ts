import { siteInfo } from './site.js';

/** `@docusaurus/useDocusaurusContext`: the config values a component may read (`siteConfig`), one locale. */
export default function useDocusaurusContext() {
  const site = siteInfo();
  return {
    siteConfig: {
      title: site.title,
      tagline: site.tagline,
      url: site.url,
      baseUrl: site.baseUrl,
      customFields: site.customFields,
    },
    siteMetadata: {},
    i18n: { defaultLocale: 'en', currentLocale: 'en', locales: ['en'] },
  };
}
