import { BlogPostMeta, BlogTags } from './BlogPostHeader.js';
import { DocFrame } from './DocFrame.js';
import type { BlogView, PageProps } from '../shared/site-data.js';
import { tocHeadings } from './Toc.js';

/**
 * Every page of the blog in the docs frame, its sidebar the recent posts: a post (date, authors, reading time,
 * body, tags, newer/older links, table of contents), a page of the list, the tags page and the archive.
 */
export function BlogPage(props: PageProps) {
  const { site, route } = props;
  const blog = route.blog!;
  const head = blog.feeds.map((feed) => (
    <link key={feed.href} rel="alternate" type={feed.type} href={feed.href} title={feed.title} />
  ));
  if (route.kind === 'blog-post') {
    const content = route.content!;
    const toc = route.frontMatter?.hide_table_of_contents
      ? []
      : tocHeadings(content.headings, site.toc.minHeadingLevel, site.toc.maxHeadingLevel);
    return (
      // The post's date is shown under its title: no "Last updated" line repeats it.
      <DocFrame {...props} route={{ ...route, lastUpdate: undefined }} heading={route.title} toc={toc} head={head}>
        {blog.post ? <BlogPostMeta post={blog.post} /> : null}
        <div className="markdown" dangerouslySetInnerHTML={{ __html: content.html }} />
        {blog.post ? <BlogTags tags={blog.post.tags} /> : null}
      </DocFrame>
    );
  }
  return (
    <DocFrame {...props} heading={route.title} head={head}>
      {route.description && route.kind === 'blog-list' ? <p className="blog-description">{route.description}</p> : null}
      <BlogBody blog={blog} />
    </DocFrame>
  );
}

function BlogBody({ blog }: { blog: BlogView }) {
  if (blog.tags)
    return (
      <ul className="blog-tag-list">
        {blog.tags.map((tag) => (
          <li key={tag.href}>
            <a className="blog-tag" href={tag.href}>
              {tag.label} <span className="blog-tag-count">({tag.count})</span>
            </a>
          </li>
        ))}
      </ul>
    );
  if (blog.archive)
    return (
      <div className="blog-archive">
        {blog.archive.map((year) => (
          <section key={year.year}>
            <h2>{year.year}</h2>
            <ul>
              {year.posts.map((post) => (
                <li key={post.href}>
                  <time dateTime={post.date}>{post.date.slice(0, 10)}</time> <a href={post.href}>{post.title}</a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    );
  return (
    <div className="blog-list">
      {(blog.list ?? []).map((post) => (
        <article key={post.href} className="blog-list-item">
          <h2 className="blog-list-title">
            <a href={post.href}>{post.title}</a>
          </h2>
          <BlogPostMeta post={post} />
          <div className="markdown" dangerouslySetInnerHTML={{ __html: post.html }} />
          <BlogTags tags={post.tags} />
          {post.truncated ? (
            <p className="blog-read-more">
              {/* Descriptive out of context (Lighthouse's link-text): the hidden words name the post. */}
              <a href={post.href}>
                Read more<span className="visually-hidden"> about {post.title}</span>
              </a>
            </p>
          ) : null}
        </article>
      ))}
    </div>
  );
}
