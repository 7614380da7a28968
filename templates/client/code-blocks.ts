/** Code that scrolls sideways can be reached and scrolled with the keyboard. */
function makeScrollableCodeFocusable(): void {
  for (const pre of document.querySelectorAll<HTMLElement>('.code-body > pre:not([tabindex])')) {
    if (pre.scrollWidth > pre.clientWidth) pre.tabIndex = 0;
  }
}

/**
 * Copy buttons (`.code-block .copy-button`, from the highlighter) as one
 * delegated listener: copies the code's text (line numbers are CSS
 * counters, so never part of it) and confirms with "Copied".
 */
export function setupCodeBlocks(): void {
  makeScrollableCodeFocusable();
  window.addEventListener('docsgen:navigated', makeScrollableCodeFocusable);
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('.copy-button');
    const code = button?.closest('.code-body')?.querySelector('pre code');
    if (!button || !(code instanceof HTMLElement)) return;
    try {
      // biome-ignore lint/performance/useDomNodeTextContent: the code as rendered (innerText), as the reader sees it
      await navigator.clipboard.writeText(code.innerText.replace(/\n$/, ''));
      button.textContent = 'Copied';
      button.classList.add('copied');
    } catch {
      button.textContent = 'Press Ctrl+C';
    }
    setTimeout(() => {
      button.textContent = 'Copy';
      button.classList.remove('copied');
    }, 1500);
  });
}
