/** Copy buttons copy the code text (line numbers are CSS, so never copied). */
export function setupCodeBlocks(): void {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element).closest?.<HTMLButtonElement>('.copy-button');
    if (!button) return;
    const code = button.parentElement?.querySelector('code');
    if (!code) return;
    try {
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
