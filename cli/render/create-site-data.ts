import type { SiteConfig } from '../config/schema.js';
import type { SiteData } from '../../templates/shared/site-data.js';
import { addBaseUrl, isExternalUrl } from '../url-parts.js';

/**
 * The href of a navbar or footer item (`to`, a site path, or `href`, a URL)
 * as the theme renders it: the baseUrl added once, as Docusaurus's navbar
 * does, so a `to` that already starts with it keeps it.
 */
export function themeLinkHref(base: string, to?: string, href?: string): { href: string; external: boolean } {
  const target = href ?? to ?? '';
  const external = isExternalUrl(target);
  return { href: external ? target : addBaseUrl(base, target.startsWith('/') ? target : '/' + target), external };
}

/** Turns the validated config into the theme's SiteData (every URL final, baseUrl applied). */
export function createSiteData(
  config: SiteConfig,
  extra: {
    assets: SiteData['assets'];
    codeSampleHtml?: string;
    mermaidUrl?: string;
    mainDocPath?: string;
    docsVersions?: SiteData['docsVersions'];
    logoSize?: { width: number; height: number };
  },
): SiteData {
  const base = config.baseUrl;
  const link = (to?: string, href?: string) => themeLinkHref(base, to, href);
  const repo =
    config.organizationName && config.projectName
      ? `https://github.com/${config.organizationName}/${config.projectName}`
      : undefined;
  return {
    title: config.title,
    tagline: config.tagline,
    siteUrl: config.url.replace(/\/$/, '') + base.replace(/\/$/, ''),
    baseUrl: base,
    favicon: config.favicon ? link(config.favicon).href : undefined,
    titleDelimiter: config.titleDelimiter,
    noIndex: config.noIndex,
    structuredData: config.structuredData,
    image: config.image,
    navbar: {
      title: config.navbar.title,
      logo: config.navbar.logo && {
        ...config.navbar.logo,
        src: link(config.navbar.logo.src).href,
        srcDark: config.navbar.logo.srcDark && link(config.navbar.logo.srcDark).href,
        ...(extra.logoSize ? { aspect: Math.round((extra.logoSize.width / extra.logoSize.height) * 1000) / 1000 } : {}),
      },
      hideOnScroll: config.navbar.hideOnScroll,
      ...(config.navbar.style ? { style: config.navbar.style } : {}),
      items: config.navbar.items.map((item) =>
        item.type === 'docsVersionDropdown'
          ? { type: item.type, position: item.position }
          : { label: item.label, position: item.position, ariaLabel: item['aria-label'], ...link(item.to, item.href) },
      ),
    },
    footer: {
      style: config.footer.style,
      copyright: config.footer.copyright,
      links: config.footer.links.map((column) => ({
        title: column.title,
        items: column.items.map((item) => ({ label: item.label, ...link(item.to, item.href) })),
      })),
    },
    announcementBar: config.announcementBar,
    colorMode: config.colorMode,
    toc: config.toc,
    home: {
      features: config.home.features,
      codeSampleHtml: extra.codeSampleHtml,
      getStartedHref: link(config.home.getStartedTo ?? extra.mainDocPath ?? config.docs.routeBasePath).href,
    },
    assets: extra.assets,
    mermaidUrl: extra.mermaidUrl,
    analytics: config.analytics,
    docsVersion: { name: 'current', label: config.docs.versions.current?.label ?? 'Next' },
    ...(extra.docsVersions ? { docsVersions: extra.docsVersions } : {}),
    issuesUrl: repo ? `${repo}/issues` : undefined,
    pageActions: config.pageActions,
    search:
      config.search.provider === 'local'
        ? { provider: 'local', ...(config.search.synonyms ? { synonyms: config.search.synonyms } : {}) }
        : { ...config.search },
    showLastUpdateTime: config.docs.showLastUpdateTime,
  };
}
