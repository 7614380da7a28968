/**
 * How long typing must pause before the query in a search box runs (the modal's and the search page's). Keys
 * typed 80-120 ms apart never wait this long, so a word typed letter by letter is searched once, whole: its first
 * letters fetch no part of the index and no text of hits that the next letter would replace.
 */
export const TYPING_PAUSE_MS = 200;
