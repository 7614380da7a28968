import { stringify } from 'yaml';
import { copiedBody, THEME_IMPORT, type Guide, type PagePlan } from './copy-page.js';
import { scanFences } from './fences.js';

/**
 * The same pages for the field's Node generators (Rspress 2 and Starlight), converted as a user moving from
 * Docusaurus would: the same body, code blocks and links as docsgen's copy, with Docusaurus's tabs and admonition
 * titles rewritten into each tool's own syntax. Code blocks keep their language and meta (`title="…"`, `{2}`), so
 * each tool highlights them with its defaults.
 */

/** The label a page has in the sidebar: its `sidebar_label` with the copy's number, else its title. */
export function sidebarLabel(guide: Guide, page: PagePlan): string {
  const label = guide.frontMatter.sidebar_label;
  return typeof label === 'string' ? `${label} ${page.copy}` : page.title;
}

const TABS_OPEN = /^(\s*)<Tabs\b([^>]*)>\s*$/;
const TAB_ITEM_OPEN = /^(\s*)<TabItem\b([^>]*)>\s*$/;
const ADMONITION = /^(\s*):::(\w+)(?:\[(.*)\])?\s*$/;

/** A JSX attribute's string value (`label="iOS"`), or undefined. */
function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
}

/** What each tool writes instead of Docusaurus's MDX: its tab components and its admonition syntax. */
interface Dialect {
  /** The import line replacing `@theme/Tabs` (the `@theme/TabItem` import goes). */
  tabsImport: string;
  tabs(indent: string, group: string | undefined): string;
  tab(indent: string, label: string): string;
  tabClose: string;
  admonition(indent: string, kind: string, title: string | undefined): string;
}

/** Rewrites the text lines of a copied body into a dialect; code blocks pass through untouched. */
function convertBody(body: string, dialect: Dialect): string {
  const out: string[] = [];
  let imported = false;
  for (const entry of scanFences(body)) {
    if (entry.kind !== 'text') {
      out.push(entry.line);
      continue;
    }
    const { line } = entry;
    if (THEME_IMPORT.test(line)) {
      // One import of the tool's tab components in place of Docusaurus's; no other Docusaurus import is in the guides.
      if (!imported) out.push(dialect.tabsImport);
      imported = true;
      continue;
    }
    const tabs = TABS_OPEN.exec(line);
    const tab = TAB_ITEM_OPEN.exec(line);
    const admonition = ADMONITION.exec(line);
    if (tabs) out.push(dialect.tabs(tabs[1], attribute(tabs[2], 'groupId')));
    else if (tab) out.push(dialect.tab(tab[1], attribute(tab[2], 'label') ?? attribute(tab[2], 'value') ?? ''));
    else if (/^\s*<\/TabItem>\s*$/.test(line)) out.push(line.replace('</TabItem>', dialect.tabClose));
    else if (admonition) out.push(dialect.admonition(admonition[1], admonition[2], admonition[3]));
    else out.push(line);
  }
  return out.join('\n');
}

const RSPRESS: Dialect = {
  tabsImport: "import { Tab, Tabs } from '@rspress/core/theme';",
  tabs: (indent, group) => `${indent}<Tabs${group ? ` groupId="${group}"` : ''}>`,
  tab: (indent, label) => `${indent}<Tab label="${label}">`,
  tabClose: '</Tab>',
  // Rspress reads a container's title from `{title="…"}` (remark-directive's `[label]` would become its first line).
  admonition: (indent, kind, title) =>
    `${indent}:::${kind}${title === undefined ? '' : `{title="${title.replaceAll('"', '&quot;')}"}`}`,
};

/** Starlight's asides are note, tip, caution and danger: Docusaurus's `warning` is its `caution`, `info` its `note`. */
const STARLIGHT_ASIDES: Record<string, string> = { warning: 'caution', info: 'note', important: 'note' };

const STARLIGHT: Dialect = {
  tabsImport: "import { TabItem, Tabs } from '@astrojs/starlight/components';",
  tabs: (indent, group) => `${indent}<Tabs${group ? ` syncKey="${group}"` : ''}>`,
  tab: (indent, label) => `${indent}<TabItem label="${label}">`,
  tabClose: '</TabItem>',
  admonition: (indent, kind, title) =>
    `${indent}:::${STARLIGHT_ASIDES[kind] ?? kind}${title === undefined ? '' : `[${title}]`}`,
};

/** What the conversion changes, for the scenarios' notes. */
export const FIELD_CONVERSION_NOTE = {
  rspress:
    'Docusaurus tabs → Rspress\'s Tabs/Tab from @rspress/core/theme (groupId kept); admonition titles :::kind[Title] → :::kind{title="Title"}',
  starlight:
    "Docusaurus tabs → Starlight's Tabs/TabItem (groupId → syncKey); :::warning → :::caution (Starlight has no warning aside)",
};

/** Front matter both tools read: the title and description. */
function frontMatterOf(guide: Guide, page: PagePlan, extra: Record<string, unknown> = {}): string {
  const frontMatter: Record<string, unknown> = { title: page.title, ...extra };
  if (typeof guide.frontMatter.description === 'string') frontMatter.description = guide.frontMatter.description;
  return `---\n${stringify(frontMatter)}---\n`;
}

/** A page of the Rspress twin (`docs/docs/synthetic/<id>.mdx`). */
export function rspressPageSource(guide: Guide, page: PagePlan, exists: (id: string) => boolean): string {
  return frontMatterOf(guide, page) + convertBody(copiedBody(guide, page, exists), RSPRESS);
}

/** A page of the Starlight twin (`src/content/docs/docs/synthetic/<id>.mdx`); its sidebar label is in the config. */
export function starlightPageSource(guide: Guide, page: PagePlan, exists: (id: string) => boolean): string {
  return frontMatterOf(guide, page) + convertBody(copiedBody(guide, page, exists), STARLIGHT);
}
