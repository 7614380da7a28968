import type { SiteData } from '../shared/site-data.js';

/**
 * The one render-blocking script, inline in `<head>`: applies the stored
 * colour mode (or the system preference) and the announcement bar's
 * dismissal before first paint. It also shows the wrong-baseUrl banner when
 * the page is served from outside `baseUrl` (then the bundle and stylesheet
 * cannot load either, so the banner is self-contained, with inline styles).
 * Values are JSON-encoded and `<` escaped so config text cannot end the script.
 */
export function themeScript(site: SiteData): string {
  const settings = JSON.stringify({
    d: site.colorMode.defaultMode,
    p: site.colorMode.respectPrefersColorScheme,
    s: site.colorMode.disableSwitch,
    a: site.announcementBar?.isCloseable ? site.announcementBar.id : null,
    b: site.baseUrl,
  }).replace(/</g, '\\u003c');
  const banner =
    "if(location.pathname.indexOf(c.b)!==0)document.addEventListener('DOMContentLoaded',function(){var d=document.createElement('div');d.id='base-url-banner';d.setAttribute('role','alert');" +
    "d.style.cssText='padding:12px 16px;background:#fdeeee;color:#9b1c1c;border-bottom:2px solid #e05252;font:16px/1.5 system-ui,sans-serif';" +
    "d.textContent='This site did not load properly. A common reason is a wrong baseUrl: it is configured as '+c.b+' but this page is served from '+location.pathname+'.';document.body.prepend(d)});";
  return `(function(c){var e=document.documentElement,t=null;try{t=localStorage.getItem('theme')}catch(x){}if(c.s||(t!=='light'&&t!=='dark')){t=c.d;if(c.p&&!c.s&&window.matchMedia){t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}}e.setAttribute('data-theme',t);if(c.a){try{if(localStorage.getItem('announcement-dismissed')===c.a)e.setAttribute('data-announcement-dismissed','')}catch(x){}}${banner}})(${settings})`;
}
