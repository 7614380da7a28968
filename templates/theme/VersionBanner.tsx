import type { PageRoute, SiteData } from '../shared/site-data.js';

/**
 * The note on pages of a version that is not the last (Docusaurus's
 * wording): unreleased or no longer maintained, with a link to the same doc
 * in the last version when it has it, else to its main doc.
 */
export function VersionBanner({ site, route }: { site: SiteData; route: PageRoute }) {
  const page = route.docsVersion;
  const versions = site.docsVersions ?? [];
  const version = versions.find((v) => v.name === page?.name);
  const last = versions.find((v) => v.isLast);
  if (!page?.banner || !version || !last) return null;
  const href = page.alternates[last.name] ?? last.href;
  return (
    <aside className="admonition admonition-warning version-banner" role="note" aria-label="Version notice">
      <div className="admonition-content">
        <p>
          {page.banner === 'unreleased'
            ? `This is unreleased documentation for ${site.title} ${version.label} version.`
            : `This is documentation for ${site.title} ${version.label}, which is no longer actively maintained.`}
        </p>
        <p>
          For up-to-date documentation, see the <a href={href}>latest version</a> ({last.label}).
        </p>
      </div>
    </aside>
  );
}
