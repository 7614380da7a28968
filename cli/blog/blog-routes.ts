import type { BlogPostView, BlogView } from '../../templates/shared/site-data.js';
import type { BlogOptions } from './blog-options.js';
import type { PageContent, Route, SidebarItem } from '../types.js';
import { routeUrl } from '../route-text.js';
import type { BlogPost } from './blog-posts.js';
import { readingMinutes } from './reading-time.js';
import { textOfHtml } from './html-text.js';

/** A post with its compiled body and, when it has a truncate marker, its compiled part before it. */
export interface CompiledPost {
  post: BlogPost;
  content: PageContent;
  excerpt?: PageContent;
}

/** The name of the blog's sidebar (its recent posts) in the route table. */
export const BLOG_SIDEBAR = 'blog-recent-posts';

/**
 * The blog's routes, as Docusaurus lays them out: each post, the list (`/blog`, `/blog/page/2`…), each tag's list
 * (`/blog/tags/<tag>`), the tags page and the archive; and the sidebar of recent posts they all show.
 */
export function buildBlogRoutes(
  compiled: CompiledPost[],
  options: BlogOptions,
  baseUrl: string,
): { routes: Route[]; sidebar?: SidebarItem[] } {
  const base = `/${options.routeBasePath}`;
  const url = (p: string) => routeUrl(baseUrl, p);
  const feeds = feedLinks(options, baseUrl);
  const views = compiled.map((c) => postView(c, options, url));
  const listed = compiled.flatMap((c, i) => (c.post.unlisted ? [] : [{ ...c, view: views[i] }]));
  const routes: Route[] = [];
  const listedAt = new Map(listed.map((l, i) => [l.post, i]));
  // Previous/next follow the listed posts, newest first (Docusaurus: "Newer post", "Older post").
  compiled.forEach((c, i) => {
    const at = listedAt.get(c.post) ?? -1;
    const newer = at > 0 ? listed[at - 1] : undefined;
    const older = at >= 0 ? listed[at + 1] : undefined;
    routes.push({
      path: c.post.path,
      kind: 'blog-post',
      title: views[i].title,
      description: views[i].description,
      file: c.post.file.file,
      content: c.content,
      frontMatter: c.post.file.frontMatter,
      unlisted: c.post.unlisted,
      noindex: c.post.unlisted,
      lastUpdate: { date: c.post.date },
      previous: newer && { label: newer.view.title, href: newer.view.href },
      next: older && { label: older.view.title, href: older.view.href },
      blog: { post: views[i], feeds },
      ...(options.blogSidebarCount !== 0 ? { sidebar: BLOG_SIDEBAR } : {}),
    });
  });
  const sidebarOf = options.blogSidebarCount !== 0 ? { sidebar: BLOG_SIDEBAR } : {};
  const list = (path: string, title: string, description: string | undefined, items: typeof listed) => {
    const perPage = options.postsPerPage === 'ALL' ? Math.max(1, items.length) : options.postsPerPage;
    const pages = Math.max(1, Math.ceil(items.length / perPage));
    const pathOf = (n: number) => (n === 1 ? path : `${path}/page/${n}`);
    for (let n = 1; n <= pages; n++) {
      const shown = items.slice((n - 1) * perPage, n * perPage);
      const blog: BlogView = {
        feeds,
        list: shown.map((c) => ({
          ...c.view,
          html: (c.excerpt ?? c.content).html,
          truncated: c.excerpt !== undefined,
        })),
      };
      routes.push({
        path: pathOf(n),
        kind: 'blog-list',
        title: n === 1 ? title : `${title} (page ${n})`,
        description,
        previous: n > 1 ? { label: 'Newer entries', href: url(pathOf(n - 1)) } : undefined,
        next: n < pages ? { label: 'Older entries', href: url(pathOf(n + 1)) } : undefined,
        blog,
        ...sidebarOf,
      });
    }
  };
  list(base, options.blogTitle, options.blogDescription, listed);
  const tags = new Map<string, { label: string; posts: typeof listed }>();
  for (const c of listed)
    for (const tag of c.post.tags) {
      const entry = tags.get(tag.slug) ?? { label: tag.label, posts: [] };
      entry.posts.push(c);
      tags.set(tag.slug, entry);
    }
  for (const [slug, tag] of tags) {
    const count = tag.posts.length;
    list(
      `${base}/tags/${slug}`,
      `${count} post${count === 1 ? '' : 's'} tagged with "${tag.label}"`,
      undefined,
      tag.posts,
    );
  }
  if (tags.size > 0)
    routes.push({
      path: `${base}/tags`,
      kind: 'blog-tags',
      title: 'Tags',
      blog: {
        feeds,
        tags: [...tags]
          .map(([slug, tag]) => ({ label: tag.label, href: url(`${base}/tags/${slug}`), count: tag.posts.length }))
          .sort((a, b) => a.label.localeCompare(b.label)),
      },
      ...sidebarOf,
    });
  routes.push({
    path: `${base}/archive`,
    kind: 'blog-archive',
    title: 'Archive',
    blog: { feeds, archive: archiveOf(listed.map((c) => c.view)) },
    ...sidebarOf,
  });
  const sidebar: SidebarItem[] | undefined =
    options.blogSidebarCount !== 0
      ? [
          {
            type: 'category',
            label: options.blogSidebarTitle,
            collapsed: false,
            collapsible: false,
            items: listed
              .slice(0, options.blogSidebarCount === 'ALL' ? undefined : options.blogSidebarCount)
              .map((c) => ({ type: 'link' as const, label: c.view.title, href: c.view.href })),
          },
        ]
      : undefined;
  return { routes, sidebar };
}

function postView(c: CompiledPost, options: BlogOptions, url: (p: string) => string): BlogPostView {
  const fm = c.post.file.frontMatter;
  const name = c.post.path.split('/').pop()!;
  return {
    title: fm.title ?? c.content.h1 ?? name,
    href: url(c.post.path),
    date: c.post.date,
    authors: c.post.authors.map((a) => ({
      name: a.name,
      ...(a.title ? { title: a.title } : {}),
      ...(a.url ? { url: a.url } : {}),
      ...(a.imageUrl ? { imageUrl: a.imageUrl.startsWith('/') ? url(a.imageUrl) : a.imageUrl } : {}),
    })),
    tags: c.post.tags.map((t) => ({ label: t.label, href: url(`/${options.routeBasePath}/tags/${t.slug}`) })),
    ...(options.showReadingTime ? { readingMinutes: readingMinutes(textOfHtml(c.content.html)) } : {}),
    ...((fm.description ?? c.content.excerpt) ? { description: fm.description ?? c.content.excerpt } : {}),
  };
}

/** Posts by year, newest first (they come sorted). */
function archiveOf(posts: BlogPostView[]): { year: string; posts: BlogPostView[] }[] {
  const years: { year: string; posts: BlogPostView[] }[] = [];
  for (const post of posts) {
    const year = post.date.slice(0, 4);
    if (years.at(-1)?.year !== year) years.push({ year, posts: [] });
    // Only what the archive shows: an edit to a post's text does not write the archive again.
    years.at(-1)!.posts.push({ title: post.title, href: post.href, date: post.date, authors: [], tags: [] });
  }
  return years;
}

/** The feeds the blog publishes (`feedOptions.type`), as head links. */
export function feedLinks(options: BlogOptions, baseUrl: string): BlogView['feeds'] {
  const title = options.feedOptions.title ?? options.blogTitle;
  return feedTypes(options).map((type) =>
    type === 'rss'
      ? {
          type: 'application/rss+xml',
          href: routeUrl(baseUrl, `/${options.routeBasePath}/rss.xml`),
          title: `${title} RSS Feed`,
        }
      : {
          type: 'application/atom+xml',
          href: routeUrl(baseUrl, `/${options.routeBasePath}/atom.xml`),
          title: `${title} Atom Feed`,
        },
  );
}

/** `feedOptions.type` as a list: `all` is both, `null` none. */
export function feedTypes(options: BlogOptions): ('rss' | 'atom')[] {
  const type = options.feedOptions.type;
  if (type === null) return [];
  if (type === 'all') return ['rss', 'atom'];
  return typeof type === 'string' ? [type] : [...new Set(type)];
}
