/**
 * Recent searches (hits the reader opened) and favourites, kept in
 * localStorage. 7 recents are kept (4 shown when there are favourites) and
 * 10 favourites.
 */
import { storage } from '../../shared/storage.js';
import type { HitSummary } from './hit-view.js';

export const RECENT_KEY = 'docsgen-search-recent';
export const FAVORITE_KEY = 'docsgen-search-favorites';
export const RECENT_LIMIT = 7;
export const RECENT_SHOWN_WITH_FAVORITES = 4;
export const FAVORITE_LIMIT = 10;

function read(key: string): HitSummary[] {
  try {
    const value: unknown = JSON.parse(storage.get(key) ?? '[]');
    return Array.isArray(value)
      ? value.filter((item): item is HitSummary => typeof item?.url === 'string' && typeof item?.pageTitle === 'string')
      : [];
  } catch {
    return [];
  }
}

function write(key: string, items: HitSummary[]): void {
  storage.set(
    key,
    JSON.stringify(items.map(({ url, group, pageTitle, heading }) => ({ url, group, pageTitle, heading }))),
  );
}

/** Favourites, newest first. */
export const favorites = (): HitSummary[] => read(FAVORITE_KEY);

/** The recents to show: 7, or 4 when there are favourites. */
export function shownRecents(): HitSummary[] {
  return read(RECENT_KEY).slice(0, favorites().length ? RECENT_SHOWN_WITH_FAVORITES : RECENT_LIMIT);
}

/** Remembers an opened hit (first in the list; a favourite is not repeated in recents). */
export function addRecent(hit: HitSummary): void {
  if (favorites().some((item) => item.url === hit.url)) return;
  write(RECENT_KEY, [hit, ...read(RECENT_KEY).filter((item) => item.url !== hit.url)].slice(0, RECENT_LIMIT));
}

export function removeRecent(url: string): void {
  write(
    RECENT_KEY,
    read(RECENT_KEY).filter((item) => item.url !== url),
  );
}

/** Moves a hit from recents to favourites. */
export function addFavorite(hit: HitSummary): void {
  removeRecent(hit.url);
  write(FAVORITE_KEY, [hit, ...favorites().filter((item) => item.url !== hit.url)].slice(0, FAVORITE_LIMIT));
}

export function removeFavorite(url: string): void {
  write(
    FAVORITE_KEY,
    favorites().filter((item) => item.url !== url),
  );
}
