type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

function sendPageView(): void {
  window.gtag?.('event', 'page_view', {
    page_title: document.title,
    page_location: location.href,
    page_path: location.pathname,
  });
}

/**
 * Google Analytics, only when `analytics.gtag.trackingID` is set
 * (`<html data-gtag>`): loads gtag.js and sends a `page_view` on the first
 * load and on every client-side navigation.
 */
export function setupAnalytics(): void {
  const root = document.documentElement;
  const trackingID = root.dataset.gtag;
  if (!trackingID) return;
  // Not `?? []`: an element with id="dataLayer" in a page is also `window.dataLayer` (DOM clobbering).
  window.dataLayer = Array.isArray(window.dataLayer) ? window.dataLayer : [];
  window.gtag = function gtag() {
    // gtag.js reads the `arguments` objects themselves from dataLayer.
    // biome-ignore lint/complexity/noArguments: gtag.js needs the arguments object, not an array
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', trackingID, { anonymize_ip: root.dataset.gtagAnonymizeIp === 'true', send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(trackingID)}`;
  document.head.append(script);
  sendPageView();
  window.addEventListener('docsgen:navigated', sendPageView);
}
