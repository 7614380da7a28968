import type { BlockContent, DefinitionContent, Parent, PhrasingContent } from 'mdast';

export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger', 'caution'] as const;
export type AdmonitionType = (typeof ADMONITION_TYPES)[number];

const DEFAULT_TITLES: Record<AdmonitionType, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
};

declare module 'mdast' {
  interface Data {
    /** Set on the node makeAdmonition rewrote (only a plugin can set it): the Markdown copy writes it as a blockquote. */
    admonition?: AdmonitionType;
  }
}

export function isAdmonitionType(name: string): name is AdmonitionType {
  return (ADMONITION_TYPES as readonly string[]).includes(name);
}

/**
 * Rewrites an mdast parent in place into an admonition: an `<aside>` whose
 * first child is the title and whose body keeps the original children.
 * Used by both the `:::note` directive and the `<Admonition>` component.
 */
export function makeAdmonition(node: Parent, type: AdmonitionType, title: PhrasingContent[] | undefined, body: (BlockContent | DefinitionContent)[]): void {
  const titleChildren: PhrasingContent[] = title?.length ? title : [{ type: 'text', value: DEFAULT_TITLES[type] }];
  node.data = {
    ...(node.data ?? {}),
    hName: 'aside',
    admonition: type,
    hProperties: { className: ['admonition', `admonition-${type}`] },
  };
  node.children = [
    { type: 'paragraph', data: { hName: 'p', hProperties: { className: ['admonition-title'] } }, children: titleChildren },
    { type: 'blockquote', data: { hName: 'div', hProperties: { className: ['admonition-content'] } }, children: body },
  ] as Parent['children'];
}
