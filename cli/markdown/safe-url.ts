/** The schemes a URL in content may have; `javascript:`, `data:`, `vbscript:`, `file:` and every other one are removed. */
export const SAFE_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];

/** A scheme as the URL parser reads one: a letter, then letters, digits, `+`, `-` or `.`, then a colon. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A URL as a browser reads it (WHATWG URL parsing): spaces and control
 * characters trimmed from both ends, tabs and newlines removed anywhere, the
 * scheme in lower case. `' JAVA\tSCRIPT:x'` becomes `'javascript:x'`.
 * Character references are already decoded in the tree (`&#x09;` is a tab).
 */
export function normalizeUrl(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start++;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--;
  const url = value.slice(start, end).replace(/[\t\n\r]/g, '');
  const scheme = SCHEME.exec(url);
  return scheme ? scheme[0].toLowerCase() + url.slice(scheme[0].length) : url;
}

/** The URL's scheme in lower case (`https`), or undefined for a relative URL, a path, `#hash` or `?query`. */
export function schemeOf(url: string): string | undefined {
  return SCHEME.exec(normalizeUrl(url))?.[0].slice(0, -1).toLowerCase();
}

/** True for `http(s):` and `mailto:` URLs and for relative ones (`page`, `/path`, `#id`, `?q`, `//host/x`). */
export function isSafeUrl(value: string): boolean {
  const scheme = schemeOf(value);
  return scheme === undefined || SAFE_SCHEMES.includes(scheme);
}

/**
 * Schemes of real URLs that pages do not link to (the sanitiser removes them
 * with an `[unsafe-html]` warning): script and local files (`javascript:`,
 * `data:`, `file:`), and the registered schemes other programs open
 * (`tel:`, `ftp:`, `ssh:`, `vscode:` …). Any other scheme (`docblock:`,
 * `typedoc:`) is no URL at all: a remark plugin of a Docusaurus site turned
 * such links into content, which a page built without it is missing.
 */
const URL_SCHEMES: ReadonlySet<string> = new Set([
  'javascript',
  'vbscript',
  'data',
  'file',
  'blob',
  'about',
  'filesystem',
  'view-source',
  'chrome',
  'chrome-extension',
  'moz-extension',
  'resource',
  'ftp',
  'ftps',
  'sftp',
  'ssh',
  'git',
  'svn',
  'tel',
  'sms',
  'mms',
  'callto',
  'facetime',
  'skype',
  'irc',
  'ircs',
  'news',
  'nntp',
  'xmpp',
  'ws',
  'wss',
  'geo',
  'magnet',
  'webcal',
  'urn',
  'cid',
  'mid',
  'ldap',
  'ldaps',
  'rtsp',
  'rtmp',
  'spotify',
  'steam',
  'slack',
  'discord',
  'zoommtg',
  'msteams',
  'itms-apps',
  'itms-services',
  'market',
  'intent',
  'vscode',
  'vscode-insiders',
  'jetbrains',
  'x-apple-data-detectors',
  'bitcoin',
  'ethereum',
  'matrix',
  'web+mastodon',
]);

/** The scheme of a URL that is not a URL a browser or another program opens (`docblock:`), or undefined. */
export function pluginSchemeOf(url: string): string | undefined {
  const scheme = schemeOf(url);
  // One letter is a Windows drive (`C:\\docs`), not a scheme anyone registered: a broken path, as before.
  return scheme === undefined || scheme.length === 1 || SAFE_SCHEMES.includes(scheme) || URL_SCHEMES.has(scheme)
    ? undefined
    : scheme;
}

/** The URLs of a `srcset` (`a.png 1x, b.png 2x`): the first word of each comma-separated candidate. */
export function srcsetUrls(value: string | readonly string[]): string[] {
  const candidates = typeof value === 'string' ? value.split(',') : value;
  return candidates.map((candidate) => candidate.trim().split(/\s/, 1)[0]).filter(Boolean);
}
