import * as z from 'zod';

/** An ISO 8601 date, optionally with a time and a zone (no zone: UTC, as YAML timestamps are read). */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)? ?(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;
/** `1/31/2026`, month first: the form Docusaurus's documentation shows for `last_update.date`. */
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

export const LAST_UPDATE_DATE_MESSAGE =
  'not a date: write it as YYYY-MM-DD (2026-11-24), with a time if you like (2026-11-24T09:30:00Z)';

/**
 * A front matter date as an ISO 8601 string in UTC, undefined when the text
 * is no date. Only the two written forms above are read, never whatever
 * `Date.parse` guesses: a date must mean the same day on every build
 * machine, whatever its time zone.
 */
export function parseFrontMatterDate(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length > 64) return undefined;
  const iso = ISO_DATE.exec(trimmed);
  if (iso) {
    const [, year, month, day, hours = '0', minutes = '0', seconds = '0', fraction = '0', zone] = iso;
    const ms = Math.floor(Number(`0.${fraction}`) * 1000);
    return utcIso(+year, +month, +day, [+hours, +minutes, +seconds, ms], zoneMinutes(zone));
  }
  const us = US_DATE.exec(trimmed);
  if (us) return utcIso(+us[3], +us[1], +us[2], [0, 0, 0, 0], 0);
  return undefined;
}

/** The zone's offset east of UTC in minutes (`+02:00` → 120). */
function zoneMinutes(zone: string | undefined): number {
  if (!zone || zone === 'Z' || zone === 'z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
  return zone[0] === '-' ? -minutes : minutes;
}

/** The ISO string of a calendar date and time, undefined when a field is out of range (February 30th, 25:00). */
function utcIso(
  year: number,
  month: number,
  day: number,
  [hours, minutes, seconds, ms]: number[],
  offset: number,
): string | undefined {
  if (year < 1970 || month < 1 || month > 12 || day < 1 || hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const time = Date.UTC(year, month - 1, day, hours, minutes, seconds, ms);
  if (new Date(time).getUTCDate() !== day) return undefined;
  return new Date(time - offset * 60_000).toISOString();
}

/**
 * Front matter `last_update`, Docusaurus's shape: a date, an author or both;
 * the date is kept as an ISO string. The YAML reader gives maps as `Map`s.
 */
export const lastUpdateSchema = z.preprocess(
  (value) => (value instanceof Map ? Object.fromEntries(value) : value),
  z
    .strictObject({
      date: z
        .string()
        .transform((text, ctx) => {
          const date = parseFrontMatterDate(text);
          if (date === undefined) ctx.addIssue({ code: 'custom', message: LAST_UPDATE_DATE_MESSAGE });
          return date ?? z.NEVER;
        })
        .optional(),
      author: z.string().trim().min(1).max(200).optional(),
    })
    .refine((value) => value.date !== undefined || value.author !== undefined, {
      message: 'give a date, an author or both',
    }),
);

export const LAST_UPDATE_HINT =
  'write last_update: {date: 2026-11-24, author: Jane Doe} (either may be left out); it overrides the date and author read from git';
