import type { ReactNode } from 'react';
import type { PageProps } from '../shared/site-data.js';
import { canonicalUrl } from './page-urls.js';
import { StructuredData } from './StructuredData.js';
import { themeScript } from './theme-script.js';

interface HtmlProps extends PageProps {
  children: ReactNode;
  /** Extra `<head>` content (redirect meta). */
  head?: ReactNode;
}

/** The document: `<head>` with every meta tag, then the page. */
export function Html({ site, route, url, children, head }: HtmlProps) {
  const isHome = route.kind === 'home';
  const title = isHome
    ? `${site.title} ${site.titleDelimiter} ${site.tagline}`.trim()
    : `${route.title} ${site.titleDelimiter} ${site.title}`;
  const description = route.description || site.tagline;
  const canonical = canonicalUrl(site, route, url);
  // Front matter `image` wins over the generated image, which wins over the site's `image`.
  const generated = route.frontMatter?.image ? undefined : route.socialImage;
  const image = route.frontMatter?.image ?? generated?.src ?? site.image;
  const imageUrl = image ? (/^https?:/.test(image) ? image : site.siteUrl + '/' + image.replace(/^\//, '')) : undefined;
  const noindex = site.noIndex || route.noindex;
  const gtag = site.analytics?.gtag;
  return (
    <html
      lang="en"
      dir="ltr"
      data-theme={site.colorMode.defaultMode}
      data-page={route.kind}
      data-base-url={site.baseUrl}
      data-mermaid={route.content?.hasMermaid ? site.mermaidUrl : undefined}
      data-docs-version={
        route.kind === 'doc' || route.kind === 'api' || route.kind === 'category'
          ? (route.docsVersion?.name ?? site.docsVersion?.name)
          : undefined
      }
      data-gtag={gtag?.trackingID}
      data-gtag-anonymize-ip={gtag ? String(gtag.anonymizeIP) : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {route.frontMatter?.keywords?.length ? (
          <meta name="keywords" content={route.frontMatter.keywords.join(', ')} />
        ) : null}
        {noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
        {canonical ? <link rel="canonical" href={canonical} /> : null}
        {route.markdownHref ? <link rel="alternate" type="text/markdown" href={route.markdownHref} /> : null}
        <meta property="og:type" content={isHome ? 'website' : 'article'} />
        <meta property="og:site_name" content={site.title} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        {canonical ? <meta property="og:url" content={canonical} /> : null}
        {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
        {generated ? <meta property="og:image:width" content={String(generated.width)} /> : null}
        {generated ? <meta property="og:image:height" content={String(generated.height)} /> : null}
        {generated ? <meta property="og:image:alt" content={generated.alt} /> : null}
        <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        {imageUrl ? <meta name="twitter:image" content={imageUrl} /> : null}
        {generated ? <meta name="twitter:image:alt" content={generated.alt} /> : null}
        <meta name="color-scheme" content="light dark" />
        {/* Without a favicon the browser asks for /favicon.ico anyway: an empty icon spares the 404 (and its console error). */}
        <link rel="icon" href={site.favicon ?? 'data:,'} />
        <script dangerouslySetInnerHTML={{ __html: themeScript(site) }} />
        {site.assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {site.assets.js.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
        {(site.assets.preload ?? []).map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <StructuredData site={site} route={route} canonical={canonical} />
        {head}
      </head>
      <body>{children}</body>
    </html>
  );
}
