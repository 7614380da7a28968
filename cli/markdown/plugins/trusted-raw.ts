import type { Raw } from 'mdast-util-to-hast';

/** Raw HTML nodes written by docsgen's own code, never by content. */
const trusted = new WeakSet<Raw>();

/**
 * A raw HTML node for markup docsgen writes itself from escaped text (a
 * highlighted code block), which the page sanitiser keeps as it is. Every
 * other raw node is dropped by the sanitiser: content never gets one (`.md`
 * HTML is parsed into elements by rehype-raw, `.mdx` has none), and if a
 * future plugin let one through it would not reach the page.
 */
export function createTrustedRaw(value: string): Raw {
  const node: Raw = { type: 'raw', value };
  trusted.add(node);
  return node;
}

/** True for a node made by createTrustedRaw. */
export function isTrustedRaw(node: object): boolean {
  return trusted.has(node as Raw);
}
