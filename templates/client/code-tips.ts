/** A code link with a tip (rendered at build time by the highlighter, cli/markdown/code-tips.ts). */
export const TIP_LINK = 'a.code-ref[aria-describedby]';

/**
 * The only code of the code tips in the first-load bundle: the popup's
 * script (client/code-popup.ts) loads when the reader first points at or
 * tabs to a code link that has a tip, and takes over from there. A touch does
 * not load it: a tap on a link navigates, with no hover state in the way.
 */
export function setupCodeTips(): void {
  const start = (event: Event) => {
    if ((event as PointerEvent).pointerType === 'touch' || !(event.target as Element | null)?.closest?.(TIP_LINK))
      return;
    document.removeEventListener('pointerover', start);
    document.removeEventListener('focusin', start);
    import('./code-popup.js').then(
      (popup) => popup.startCodeTips(TIP_LINK),
      (error: unknown) => console.error('[docsgen] could not load the code tips', error),
    );
  };
  document.addEventListener('pointerover', start);
  document.addEventListener('focusin', start);
}
