import { buildStructuredData, toScriptJson } from './structured-data.js';
import type { PageRoute, SiteData } from '../shared/site-data.js';

/** The page's JSON-LD block (`structuredData`), or nothing. */
export function StructuredData({
  site,
  route,
  canonical,
}: {
  site: SiteData;
  route: PageRoute;
  canonical: string | undefined;
}) {
  const data = site.structuredData ? buildStructuredData(site, route, canonical) : undefined;
  return data ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: toScriptJson(data) }} /> : null;
}
