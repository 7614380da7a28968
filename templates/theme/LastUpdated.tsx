import type { PageRoute } from '../shared/site-data.js';

/** "November 24, 2026": written at build time, in English and UTC, so every build of a commit writes the same text. */
const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

interface LastUpdatedProps {
  lastUpdate?: PageRoute['lastUpdate'];
  /** `docs.showLastUpdateTime`: show the date (the author is in `lastUpdate` only when the site shows it). */
  showTime: boolean;
}

/**
 * "Last updated on <date> by <author>" at the foot of a guide, as Docusaurus
 * words it: the date and the author are independent switches, and the line
 * is left out when neither has anything to show.
 */
export function LastUpdated({ lastUpdate, showTime }: LastUpdatedProps) {
  if (!lastUpdate) return null;
  const time = new Date(lastUpdate.date);
  const showDate = showTime && !Number.isNaN(time.getTime());
  if (!showDate && !lastUpdate.author) return null;
  return (
    <p className="last-updated">
      {showDate ? 'Last updated on ' : null}
      {showDate ? <time dateTime={time.toISOString()}>{DAY.format(time)}</time> : null}
      {lastUpdate.author ? (
        <>
          {showDate ? ' by ' : 'Last updated by '}
          <span className="last-updated-author">{lastUpdate.author}</span>
        </>
      ) : null}
    </p>
  );
}
