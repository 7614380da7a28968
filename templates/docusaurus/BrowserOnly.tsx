import type { ReactNode } from 'react';
import useIsBrowser from './useIsBrowser.js';

/**
 * `@docusaurus/BrowserOnly`: its fallback on the server (and while a client
 * component hydrates, so the markup matches), its children function once it
 * runs in the browser, which only a component marked `client: true` does.
 */
export default function BrowserOnly({ children, fallback }: { children: () => ReactNode; fallback?: ReactNode }) {
  return <>{useIsBrowser() ? children() : (fallback ?? null)}</>;
}
