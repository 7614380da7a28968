import type { BlockContent, DefinitionContent, Parent, PhrasingContent } from 'mdast';

/** The admonition types Docusaurus 3 documents, each with a look of its own in the theme. */
export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger', 'caution'] as const;

/**
 * Docusaurus's undocumented legacy types, still drawn by its theme (Docusaurus 2
 * sites use them): each looks like the type it stands for and is titled with its
 * own name, as Docusaurus titles them.
 */
export const LEGACY_ADMONITION_TYPES: Readonly<Record<string, string>> = {
  important: 'info',
  secondary: 'note',
  success: 'tip',
};

const DEFAULT_TITLES: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
  important: 'Important',
  secondary: 'Secondary',
  success: 'Success',
};

declare module 'mdast' {
  interface Data {
    /** Set on the node makeAdmonition rewrote (only a plugin can set it): the Markdown copy writes it as a blockquote. */
    admonition?: string;
  }
}

/** Whether the theme draws this type with a look of its own (the documented types and the legacy ones). */
export function isAdmonitionType(name: string): boolean {
  return (ADMONITION_TYPES as readonly string[]).includes(name) || Object.hasOwn(LEGACY_ADMONITION_TYPES, name);
}

/** The types content may use without a warning: the theme's own, and the keywords the config adds (`markdown.admonitions.keywords`). */
export function knowsAdmonitionType(name: string, keywords: readonly string[] = []): boolean {
  return isAdmonitionType(name) || keywords.includes(name);
}

/** The title an admonition of this type gets when it has none: `Important`, a keyword's own name capitalised. */
export function defaultAdmonitionTitle(type: string): string {
  return Object.hasOwn(DEFAULT_TITLES, type) ? DEFAULT_TITLES[type] : type.charAt(0).toUpperCase() + type.slice(1);
}

/**
 * The classes that give an admonition its look: a theme type its own; a
 * legacy type the look of the type it stands for, plus its own name; any
 * other type (a keyword of the config, a word the theme does not know) only
 * `admonition`, the neutral look.
 */
function admonitionClasses(type: string): string[] {
  if ((ADMONITION_TYPES as readonly string[]).includes(type)) return ['admonition', `admonition-${type}`];
  if (Object.hasOwn(LEGACY_ADMONITION_TYPES, type))
    return ['admonition', `admonition-${LEGACY_ADMONITION_TYPES[type]}`, `admonition-${type}`];
  return ['admonition'];
}

/**
 * Rewrites an mdast parent in place into an admonition: an `<aside>` whose
 * first child is the title and whose body keeps the original children.
 * Used by both the `:::note` directive and the `<Admonition>` component.
 */
export function makeAdmonition(
  node: Parent,
  type: string,
  title: PhrasingContent[] | undefined,
  body: (BlockContent | DefinitionContent)[],
): void {
  const titleChildren: PhrasingContent[] = title?.length
    ? title
    : [{ type: 'text', value: defaultAdmonitionTitle(type) }];
  node.data = {
    ...(node.data ?? {}),
    hName: 'aside',
    admonition: type,
    hProperties: { className: admonitionClasses(type) },
  };
  node.children = [
    {
      type: 'paragraph',
      data: { hName: 'p', hProperties: { className: ['admonition-title'] } },
      children: titleChildren,
    },
    { type: 'blockquote', data: { hName: 'div', hProperties: { className: ['admonition-content'] } }, children: body },
  ] as Parent['children'];
}
