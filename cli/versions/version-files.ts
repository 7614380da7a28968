/** Docusaurus's layout at the site root: the list of versions, and each version's docs and sidebars. */
export const VERSIONS_FILE = 'versions.json';
export const versionDocsDir = (name: string) => `versioned_docs/version-${name}`;
export const versionSidebarsFile = (name: string) => `versioned_sidebars/version-${name}-sidebars.json`;
/** Whether sidebar errors are placed in a version's sidebars file (its items are named from its top) rather than the config. */
export const isVersionSidebarsFile = (file: string) => file.startsWith('versioned_sidebars/');
