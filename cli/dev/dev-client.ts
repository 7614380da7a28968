import { EVENTS_PATH } from './live-events.js';

/**
 * The live-reload client injected into every HTML page `docsgen dev` serves
 * (never into built pages). It listens to the server's events: reloads the
 * tab when its page changed, swaps stylesheets in place for CSS-only edits,
 * and shows or clears the error overlay. Plain ES2017, no dependencies.
 */
const CLIENT = String.raw`(function () {
  var base = __BASE__;
  var serverId = null;
  var overlay = null;
  var source = new EventSource(${JSON.stringify(EVENTS_PATH)});
  function data(event) { return JSON.parse(event.data); }
  source.addEventListener('hello', function (event) {
    var id = data(event).id;
    if (serverId && serverId !== id) location.reload();
    serverId = id;
  });
  // The page shown now (client-side navigation may have changed it since load), as a route path.
  function currentRoute() {
    var path = decodeURIComponent(location.pathname);
    if (path.indexOf(base) === 0) path = '/' + path.slice(base.length);
    return path.replace(/\/index\.html$|\.html$/, '').replace(/\/+$/, '') || '/';
  }
  source.addEventListener('reload', function (event) {
    var paths = data(event).paths;
    if (paths === 'all') location.reload();
    else if (paths.indexOf(currentRoute()) !== -1) refreshMain();
  });
  // Only this page's own content changed (the server says 'all' otherwise):
  // swap <main> in place, keeping scroll and the rest of the page, and let
  // the theme wire the new content up as after a client-side navigation.
  function refreshMain() {
    fetch(location.pathname, { cache: 'no-store' }).then(function (response) { return response.text(); }).then(function (html) {
      var next = new DOMParser().parseFromString(html, 'text/html');
      var current = document.querySelector('main');
      var fresh = next.querySelector('main');
      if (!current || !fresh) return location.reload();
      document.title = next.title;
      current.replaceWith(document.importNode(fresh, true));
      window.dispatchEvent(new CustomEvent('docsgen:navigated'));
    }).catch(function () { location.reload(); });
  }
  source.addEventListener('css', function (event) {
    var swap = data(event);
    var links = document.querySelectorAll('link[rel="stylesheet"]');
    for (var i = 0; i < links.length; i++) {
      var index = swap.from.indexOf(links[i].getAttribute('href'));
      if (index === -1 || !swap.to[index]) continue;
      var next = links[i].cloneNode();
      next.setAttribute('href', swap.to[index]);
      next.addEventListener('load', (function (old) { return function () { old.remove(); }; })(links[i]));
      links[i].after(next);
    }
  });
  source.addEventListener('errors', function (event) { showOverlay(data(event).errors); });
  source.addEventListener('ok', function () {
    if (!overlay) return;
    overlay.remove();
    overlay = null;
    location.reload();
  });
  function showOverlay(errors) {
    if (overlay) overlay.remove();
    overlay = document.createElement('docsgen-error-overlay');
    var root = overlay.attachShadow({ mode: 'open' });
    var style = document.createElement('style');
    style.textContent = ':host{position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.66);overflow:auto;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace}' +
      '.panel{max-width:960px;margin:40px auto;background:#1e1e1e;color:#eee;border-top:6px solid #e5484d;border-radius:6px;padding:20px 24px;box-shadow:0 8px 30px rgba(0,0,0,.4)}' +
      'h2{margin:0 0 12px;font-size:16px;color:#ff8589}.place{color:#7cc4ff}.rule{color:#999}pre{background:#111;padding:10px 12px;overflow:auto;border-radius:4px;color:#ddd}' +
      'button{float:right;background:none;border:1px solid #666;color:#eee;border-radius:4px;cursor:pointer;padding:2px 10px}';
    var panel = document.createElement('div');
    panel.className = 'panel';
    panel.setAttribute('role', 'alertdialog');
    panel.setAttribute('aria-label', 'Build error');
    var close = document.createElement('button');
    close.textContent = 'Close (Esc)';
    close.addEventListener('click', hide);
    var title = document.createElement('h2');
    title.textContent = errors.length === 1 ? '1 error' : errors.length + ' errors';
    panel.append(close, title);
    errors.forEach(function (error) {
      var head = document.createElement('div');
      var place = document.createElement('span');
      place.className = 'place';
      place.textContent = [error.file, error.line, error.column].filter(function (p) { return p !== undefined && p !== null; }).join(':');
      var rule = document.createElement('span');
      rule.className = 'rule';
      rule.textContent = '  [' + error.rule + ']';
      head.append(place, document.createTextNode('  ' + error.message), rule);
      panel.append(head);
      if (error.frame) {
        var frame = document.createElement('pre');
        frame.textContent = error.frame;
        panel.append(frame);
      }
    });
    root.append(style, panel);
    document.documentElement.append(overlay);
  }
  function hide() { if (overlay) { overlay.remove(); overlay = null; } }
  document.addEventListener('keydown', function (event) { if (event.key === 'Escape') hide(); });
})();`;

/** Adds the live-reload client to a page served by `docsgen dev`, for a site under `baseUrl`. */
export function injectDevClient(html: string, baseUrl: string): string {
  const script = `<script>${CLIENT.replace('__BASE__', JSON.stringify(baseUrl).replace(/</g, '\\u003c'))}</script>`;
  const index = html.lastIndexOf('</body>');
  return index === -1 ? html + script : html.slice(0, index) + script + html.slice(index);
}
