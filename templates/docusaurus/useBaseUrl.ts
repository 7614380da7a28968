import { withBaseUrl } from './site.js';

/** `@docusaurus/useBaseUrl`: a site path with the base URL before it. */
export default function useBaseUrl(url: string, options?: { absolute?: boolean; forcePrependBaseUrl?: boolean }) {
  return withBaseUrl(url, options);
}

/** `useBaseUrlUtils` of the same module. */
export function useBaseUrlUtils() {
  return { withBaseUrl };
}
