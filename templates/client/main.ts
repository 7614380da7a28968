/**
 * Browser entry of the theme. The page is complete without it; this only
 * wires the interactive parts of the server-rendered HTML.
 */
import { setupColorMode } from './color-mode.js';
import { setupCodeBlocks } from './code-blocks.js';
import { setupMobileMenu } from './mobile-menu.js';
import { setupTabs } from './tabs.js';
import { setupNavbar } from './navbar.js';
import { setupMermaid } from './mermaid.js';

function start(): void {
  for (const setup of [setupColorMode, setupMobileMenu, setupTabs, setupCodeBlocks, setupNavbar, setupMermaid]) {
    try {
      setup();
    } catch (error) {
      console.error('[docsgen]', error);
    }
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
