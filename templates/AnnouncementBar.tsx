import type { SiteData } from './site-data.js';
import { CloseIcon } from './Icons.js';

export function AnnouncementBar({ bar }: { bar: NonNullable<SiteData['announcementBar']> }) {
  return (
    <div className="announcement" role="region" aria-label="Announcement" data-id={bar.id} style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}>
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? (
        <button type="button" className="announcement-close" aria-label="Close announcement">
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}
