#!/usr/bin/env node
// Lighthouse (mobile, the default form factor) on the home page, a guide and an API page of a built site:
// issue 17's budget is 100 in each of the four categories. Lighthouse is not a dependency (it is large and
// needs no place in `npm ci`): it runs through `npx lighthouse@12` (Lighthouse 13 needs Node 22), with
// Debian's chromium (CHROME_PATH, default /usr/bin/chromium).
// Usage: node bench/lighthouse.mjs [distDir] [page...]   (default: dist, /, /docs/guides/formats, /docs/api/classes/Camera)
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const [distArg, ...pageArgs] = process.argv.slice(2);
const dist = path.resolve(distArg ?? 'dist');
const pages = pageArgs.length ? pageArgs : ['/', '/docs/guides/formats', '/docs/api/classes/Camera'];
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const port = 4700 + Math.floor(Math.random() * 200);

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`no built site in ${dist} (run: npx docsgen build)`);
  process.exit(2);
}
if (!existsSync(chrome)) {
  console.error(`no browser at ${chrome} (apt-get install -y chromium, or set CHROME_PATH)`);
  process.exit(2);
}

// `serve` says on stderr when it listens ("serving … at <url>").
const server = spawn(process.execPath, ['bin/docsgen.mjs', 'serve', '--out-dir', dist, '--port', String(port)], {
  stdio: ['ignore', 'ignore', 'pipe'],
});
await new Promise((resolve, reject) => {
  server.stderr.on('data', (chunk) => String(chunk).includes(`:${port}`) && resolve());
  server.on('exit', (code) => reject(new Error(`docsgen serve exited with ${code}`)));
});

const work = mkdtempSync(path.join(tmpdir(), 'docsgen-lighthouse-'));
let failed = false;
try {
  for (const page of pages) {
    const report = path.join(work, 'report.json');
    const flags =
      '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
    execFileSync(
      'npx',
      [
        '-y',
        'lighthouse@12',
        `http://127.0.0.1:${port}${page}`,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        `--chrome-flags=${flags}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: chrome },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const result = JSON.parse(readFileSync(report, 'utf8'));
    const scores = CATEGORIES.map((name) => Math.round((result.categories[name]?.score ?? 0) * 100));
    failed ||= scores.some((score) => score < 100);
    console.log(`${page.padEnd(32)} ${CATEGORIES.map((name, i) => `${name} ${scores[i]}`).join('  ')}`);
    // Audits that are not perfect (most cost no points), so a drop can be acted on.
    for (const audit of Object.values(result.audits)) {
      if (
        audit.score !== null &&
        audit.score < 1 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'manual' &&
        audit.scoreDisplayMode !== 'notApplicable'
      ) {
        console.log(`  ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      }
    }
  }
} finally {
  server.kill();
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
