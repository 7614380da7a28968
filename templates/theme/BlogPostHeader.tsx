import type { BlogPostView } from '../shared/site-data.js';

/** "May 28, 2024": written at build time, in English and UTC, so every build writes the same text. */
const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A post's date, reading time and authors (with their avatars), under its title on the post and list pages. */
export function BlogPostMeta({ post }: { post: BlogPostView }) {
  const time = new Date(post.date);
  return (
    <div className="blog-post-meta">
      <p className="blog-post-date">
        <time dateTime={time.toISOString()}>{DAY.format(time)}</time>
        {post.readingMinutes ? ` · ${post.readingMinutes} min read` : null}
      </p>
      {post.authors.length > 0 ? (
        <ul className="blog-authors">
          {post.authors.map((author) => (
            <li key={author.name} className="blog-author">
              {author.imageUrl ? (
                <img
                  className="blog-author-avatar"
                  src={author.imageUrl}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                />
              ) : null}
              <span className="blog-author-text">
                {author.url ? (
                  <a className="blog-author-name" href={author.url}>
                    {author.name}
                  </a>
                ) : (
                  <span className="blog-author-name">{author.name}</span>
                )}
                {author.title ? <span className="blog-author-title">{author.title}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A post's tags, as links to their pages. */
export function BlogTags({ tags }: { tags: BlogPostView['tags'] }) {
  if (tags.length === 0) return null;
  return (
    <p className="blog-tags">
      <span className="blog-tags-label">Tags:</span>
      {tags.map((tag) => (
        <a key={tag.href} className="blog-tag" href={tag.href}>
          {tag.label}
        </a>
      ))}
    </p>
  );
}
