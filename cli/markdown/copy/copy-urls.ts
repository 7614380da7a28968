import type { Nodes, PhrasingContent, Root, RootContent } from 'mdast';
import type { LinkRef } from '../../types.js';
import { normalizeUrl, SAFE_SCHEMES } from '../safe-url.js';

/**
 * The URL as a link's `url` and its `href` in the page's HTML both give it:
 * read as a browser reads it, then percent-decoded (remark-rehype encodes
 * what the Markdown left unencoded).
 */
function urlKey(url: string): string {
  const normalized = normalizeUrl(url);
  try {
    return decodeURI(normalized);
  } catch {
    return normalized;
  }
}

/**
 * Makes every link and image URL of a page's copy absolute, by the URL the
 * page's HTML links to (rehype-links.ts resolved it: `.mdx` paths to routes,
 * baseUrl applied, local images to their published copies, `#id` to the
 * page), then against the page's absolute URL. Only `http(s):` and `mailto:`
 * URLs are kept: a `javascript:` or `data:` link becomes its text, such an
 * image its alt text, such a definition nothing.
 */
export function absolutizeUrls(tree: Root, links: readonly LinkRef[], pageUrl: string): void {
  const resolved = new Map<string, string>();
  for (const link of links) resolved.set(`${link.kind}\0${urlKey(link.url)}`, link.href);
  const absolute = (url: string, kind: LinkRef['kind']): string | undefined => {
    const href = resolved.get(`${kind}\0${urlKey(url)}`) ?? url;
    let parsed: URL;
    try {
      parsed = new URL(href, pageUrl);
    } catch {
      return undefined;
    }
    return SAFE_SCHEMES.includes(parsed.protocol.slice(0, -1)) ? parsed.href : undefined;
  };
  rewrite(tree, absolute);
}

function rewrite(
  parent: { children: Nodes[] },
  absolute: (url: string, kind: LinkRef['kind']) => string | undefined,
): void {
  const out: Nodes[] = [];
  for (const node of parent.children) {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const url = absolute(node.url, node.type === 'image' ? 'image' : 'link');
      if (url !== undefined) node.url = url;
      else {
        if (node.type === 'link') {
          rewrite(node as { children: Nodes[] }, absolute);
          out.push(...(node.children as PhrasingContent[]));
        } else if (node.type === 'image' && node.alt) out.push({ type: 'text', value: node.alt });
        continue;
      }
    }
    if ('children' in node) rewrite(node as { children: Nodes[] }, absolute);
    out.push(node);
  }
  parent.children = out as RootContent[];
}
