/**
 * Browser entry of the theme. The server HTML is the page and works without
 * JavaScript; this adds client-side navigation, the behaviour of Markdown
 * tabs, copy buttons, code tips and the page actions, and hydrates the React islands (navbar, colour
 * toggle, mobile menu, announcement bar, table of contents) from a lazily
 * loaded chunk. Setups that depend on the page listen for `docsgen:navigated`.
 */
import { setupAnalytics } from './analytics.js';
import { setupCodeBlocks } from './code-blocks.js';
import { setupCodeTips } from './code-tips.js';
import { setupIslands } from './load-islands.js';
import { setupMermaid } from './mermaid.js';
import { setupSearchTriggers } from './navbar.js';
import { setupPageActions } from './page-actions.js';
import { setupLazySidebar } from './sidebar-lazy.js';
import { setupPrefetch } from './router/prefetch.js';
import { setupRouter } from './router/setup-router.js';
import { setupSearch } from './search/setup-search.js';
import { setupTabs } from './tabs.js';
import { setupVersionPreference } from './version-preference.js';

const setups: (() => void)[] = [
  setupRouter,
  setupIslands,
  setupTabs,
  setupCodeBlocks,
  setupCodeTips,
  setupVersionPreference,
  setupAnalytics,
  setupMermaid,
  setupPrefetch,
  setupSearch,
  setupSearchTriggers,
  setupLazySidebar,
  setupPageActions,
];

for (const setup of setups) {
  try {
    setup();
  } catch (error) {
    console.error('[docsgen]', error);
  }
}
