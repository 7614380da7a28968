import type { SiteData } from './site-data.js';

/**
 * The one render-blocking script: applies the stored colour mode (or the
 * system preference) and the announcement bar's dismissal before first paint.
 * Values are JSON-encoded and `<` escaped so config text cannot end the script.
 */
export function themeScript(site: SiteData): string {
  const settings = JSON.stringify({
    d: site.colorMode.defaultMode,
    p: site.colorMode.respectPrefersColorScheme,
    s: site.colorMode.disableSwitch,
    a: site.announcementBar?.isCloseable ? site.announcementBar.id : null,
  }).replace(/</g, '\\u003c');
  return `(function(c){var e=document.documentElement,t=null;try{t=localStorage.getItem('theme')}catch(x){}if(c.s||(t!=='light'&&t!=='dark')){t=c.d;if(c.p&&!c.s&&window.matchMedia){t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}}e.setAttribute('data-theme',t);if(c.a){try{if(localStorage.getItem('announcement-dismissed')===c.a)e.setAttribute('data-announcement-dismissed','')}catch(x){}}})(${settings})`;
}
