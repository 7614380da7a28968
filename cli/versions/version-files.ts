/** Docusaurus's layout at the site root: the list of versions, and each version's docs and sidebars. */
export const VERSIONS_FILE = 'versions.json';
export const versionDocsDir = (name: string) => `versioned_docs/version-${name}`;
export const versionSidebarsFile = (name: string) => `versioned_sidebars/version-${name}-sidebars.json`;
/** Whether sidebar errors are placed in a version's sidebars file (its items are named from its top) rather than the config. */
export const isVersionSidebarsFile = (file: string) => file.startsWith('versioned_sidebars/');

/**
 * The id a version's sidebars file means by a doc id written the way
 * Docusaurus 2-alpha wrote them (`version-1.0/intro` in
 * `versioned_sidebars/version-1.0-sidebars.json`): the id without its
 * version prefix, which Docusaurus 2 still resolves. Undefined for any other
 * id or file.
 */
export function unprefixedLegacyId(sidebarsFile: string, id: string): string | undefined {
  const start = 'versioned_sidebars/';
  const end = '-sidebars.json';
  if (!sidebarsFile.startsWith(start) || !sidebarsFile.endsWith(end)) return undefined;
  const prefix = sidebarsFile.slice(start.length, -end.length) + '/';
  return id.startsWith(prefix) && id.length > prefix.length ? id.slice(prefix.length) : undefined;
}
