/**
 * A stand-in for the site's Markdown stage: escapes text into <p> and code
 * into <pre data-lang>, and turns [text](href) links into <a> so tests can
 * see where links point.
 */
import type { ApiRenderContext } from '../../../cli/api/build-api-pages.js';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Creates a stub context; `baseUrl` is prefixed by `url()`. */
export function createStubContext(baseUrl = ''): ApiRenderContext {
  return {
    async renderMarkdown(markdown) {
      const html = escapeHtml(markdown).replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>');
      return `<p>${html}</p>`;
    },
    highlight(code, lang) {
      return `<pre class="shiki" data-lang="${lang}"><code>${escapeHtml(code)}</code></pre>`;
    },
    url(path) {
      return baseUrl + path;
    },
  };
}
