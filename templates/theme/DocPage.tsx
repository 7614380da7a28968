import { DocFrame } from './DocFrame.js';
import type { PageProps } from '../shared/site-data.js';
import { tocHeadings } from './Toc.js';

/** A guide or API page: its compiled body in the docs frame (sidebar, breadcrumbs, table of contents, previous/next). */
export function DocPage(props: PageProps) {
  const { site, route } = props;
  const content = route.content!;
  const fm = route.frontMatter ?? {};
  const toc = fm.hide_table_of_contents
    ? []
    : tocHeadings(
        content.headings,
        fm.toc_min_heading_level ?? site.toc.minHeadingLevel,
        fm.toc_max_heading_level ?? site.toc.maxHeadingLevel,
      );
  return (
    <DocFrame {...props} heading={fm.hide_title ? undefined : (content.h1 ?? route.title)} toc={toc}>
      <div className="markdown" dangerouslySetInnerHTML={{ __html: content.html }} />
    </DocFrame>
  );
}
