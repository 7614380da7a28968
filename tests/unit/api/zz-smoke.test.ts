import { test } from 'vitest';
import fs from 'node:fs';
import { extractApi } from '../../../cli/api/extract-api.js';
import { buildApiPages } from '../../../cli/api/build-api-pages.js';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
test('smoke', async () => {
  const api = { package: 'react-native-vision-camera', sidebar: 's', label: 'API', routeBasePath: 'docs/api' };
  const m = await extractApi({ root: '/work/main', api, cacheDir: '/tmp/explore/cache', noCache: true });
  const t0 = Date.now();
  const pages = await buildApiPages(m, api, { renderMarkdown: async (md) => `<p>${esc(md)}</p>`, highlight: (c, l) => `<pre class="shiki" data-lang="${l}"><code>${esc(c)}</code></pre>`, url: (p) => p });
  console.log('pages', pages.length, Date.now() - t0, 'ms');
  for (const p of pages) fs.writeFileSync(`/tmp/explore/out/${p.id.replace(/\//g, '_')}.html`, `<!doctype html><meta charset=utf-8><link rel=stylesheet href="../../../work/main/templates/styles/api.css"><h1>${p.title}</h1>` + p.content.html);
  console.log(pages.flatMap((p) => p.content.diagnostics.map((d) => `${p.id}: ${d.rule} ${d.message} ${d.file}:${d.line}`)).join('\n'));
  console.log(JSON.stringify(pages.find((p) => p.id === 'api/classes/Camera')!.content.headings.slice(0, 8)));
});
