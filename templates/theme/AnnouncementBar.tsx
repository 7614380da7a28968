import { useState } from 'react';
import { storage } from '../shared/storage.js';
import { CloseIcon } from './Icons.js';
import type { SiteData } from '../shared/site-data.js';

export type AnnouncementBarProps = NonNullable<SiteData['announcementBar']>;

/**
 * The bar above the navbar. A closeable bar remembers its dismissal by `id`
 * (the inline theme script hides it before first paint on later pages), so a
 * new `id` shows it again.
 */
export function AnnouncementBar(bar: AnnouncementBarProps) {
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  const close = () => {
    document.documentElement.setAttribute('data-announcement-dismissed', '');
    storage.set('announcement-dismissed', bar.id);
    setClosed(true);
  };
  return (
    <div
      className="announcement"
      role="region"
      aria-label="Announcement"
      data-id={bar.id}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? (
        <button type="button" className="announcement-close" aria-label="Close announcement" onClick={close}>
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}
