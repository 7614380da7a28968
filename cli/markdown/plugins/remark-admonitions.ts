import type { Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import {
  ADMONITION_TYPES,
  defaultAdmonitionTitle,
  knowsAdmonitionType,
  LEGACY_ADMONITION_TYPES,
  makeAdmonition,
} from './admonition-node.js';

/** What the admonitions need from the config: the extra types it names (`markdown.admonitions.keywords`). */
export interface AdmonitionOptions {
  keywords?: readonly string[];
}

/** The page plugin: see transformAdmonitions. */
export function remarkAdmonitions(options: AdmonitionOptions = {}) {
  return (tree: Root, file: VFile) => transformAdmonitions(tree, file, options);
}

/**
 * `:::note`, `:::tip[Title]` … containers become admonitions. A `:::word`
 * container of a type neither the theme nor the config knows is an
 * admonition too, with the neutral look and the word as its title, and a
 * warning at its line: it is never shown as text (a Docusaurus plugin or a
 * swizzled theme gave it its meaning). Leaf and text directives (`::x`, a
 * stray `:name` in prose) are turned back into the text they were written
 * as, so remark-directive never eats content. Runs on a page, and on each
 * partial in its own file (remark-mdx-static.ts), so a warning names the
 * partial's line. An admonition never closed is drawn around the rest of the
 * page: a warning at its line, for the outermost one only.
 */
export function transformAdmonitions(tree: Root, file: VFile, options: AdmonitionOptions = {}): void {
  const source = String(file.value ?? '');
  // Where the last admonition warned as unclosed ends: the ones inside it are unclosed because it is (one warning).
  let unclosedUntil = -1;
  visit(tree, (node, index, parent) => {
    // A partial's admonitions were made in its own file (data.admonition set): the page's pass leaves them.
    if (node.type === 'containerDirective' && !node.data?.admonition) {
      if (!knowsAdmonitionType(node.name, options.keywords)) warnUnknown(node, file);
      if ((node.position?.start.offset ?? 0) >= unclosedUntil && !endsWithFence(node, source)) {
        warnUnclosed(node, file);
        unclosedUntil = node.position?.end.offset ?? Infinity;
      }
      const [first, ...rest] = node.children;
      const hasLabel =
        first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel;
      const title = hasLabel ? (first as Paragraph).children : undefined;
      makeAdmonition(node, node.name, title, (hasLabel ? rest : node.children) as never);
      return;
    }
    if ((node.type === 'textDirective' || node.type === 'leafDirective') && parent && index !== undefined) {
      parent.children.splice(index, 1, ...(restoreDirective(node) as never[]));
      return index;
    }
  });
}

/** The types content may use, for hints. */
export function knownTypesText(): string {
  return [...ADMONITION_TYPES, ...Object.keys(LEGACY_ADMONITION_TYPES)].join(', ');
}

function warnUnknown(node: ContainerDirective, file: VFile): void {
  const message = file.message(
    `':::${node.name}' is not an admonition type docsgen knows: it is shown as a plain admonition titled '${defaultAdmonitionTitle(node.name)}'`,
    node.position,
  );
  message.ruleId = 'unknown-admonition';
  message.note = `use one of ${knownTypesText()}; or, if a plugin or theme of the site defined ':::${node.name}', add '${node.name}' to markdown.admonitions.keywords in the config`;
}

/**
 * Whether the container ends with its own closing fence. One that is never
 * closed (a typo, or `:::note` written to close the one above, as
 * Docusaurus 2 read it) ends where its parent ends: the rest of the page is
 * drawn inside it, which nothing else would say. Its end then falls on a
 * line of content, or at the start of the fence that closed an admonition
 * around it, never just after a run of colons.
 */
function endsWithFence(node: ContainerDirective, source: string): boolean {
  const end = node.position?.end.offset;
  if (end === undefined) return true;
  const lineStart = source.lastIndexOf('\n', end - 1) + 1;
  return isFenceEnd(source.slice(lineStart, end));
}

/** A line up to a container's end is its closing fence when it ends with three colons or more (after `>` or spaces). */
function isFenceEnd(line: string): boolean {
  let i = line.length;
  while (i > 0 && (line[i - 1] === ' ' || line[i - 1] === '\t')) i--;
  let colons = 0;
  while (i > 0 && line[i - 1] === ':') {
    i--;
    colons++;
  }
  return colons >= 3;
}

function warnUnclosed(node: ContainerDirective, file: VFile): void {
  const message = file.message(
    `':::${node.name}' is never closed: everything after it, to the end of the page or of the block around it, is drawn inside this admonition`,
    node.position?.start,
  );
  message.ruleId = 'unclosed-admonition';
  message.note =
    "end it with a line of ':::' where it should end; a line such as ':::note' opens another admonition inside it (Docusaurus 2 read it as the end, Docusaurus 3 and docsgen do not)";
}

function restoreDirective(node: TextDirective | LeafDirective): RootContent[] {
  const marker = node.type === 'textDirective' ? ':' : '::';
  const attributes = Object.entries(node.attributes ?? {});
  const suffix = attributes.length ? `{${attributes.map(([k, v]) => (v ? `${k}="${v}"` : k)).join(' ')}}` : '';
  const label = node.children.length
    ? [{ type: 'text', value: '[' }, ...node.children, { type: 'text', value: ']' }]
    : [];
  const text = [
    { type: 'text', value: marker + node.name },
    ...label,
    ...(suffix ? [{ type: 'text', value: suffix }] : []),
  ] as PhrasingContent[];
  return node.type === 'textDirective' ? text : [{ type: 'paragraph', children: text }];
}
