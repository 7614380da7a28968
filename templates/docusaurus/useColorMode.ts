import { useCallback, useEffect, useState } from 'react';

type ColorMode = 'light' | 'dark';

/** The mode the theme's inline script put on `<html>`; light on the server, where no reader has a preference. */
function currentMode(): ColorMode {
  return typeof document !== 'undefined' && document.documentElement.getAttribute('data-theme') === 'dark'
    ? 'dark'
    : 'light';
}

/**
 * `useColorMode` of `@docusaurus/theme-common` (and `@theme/useColorMode`):
 * the page's colour mode, light until hydrated so the markup matches the
 * server's; `setColorMode` switches it and remembers it as the theme's toggle does.
 */
export default function useColorMode() {
  const [colorMode, setMode] = useState<ColorMode>('light');
  useEffect(() => {
    setMode(currentMode());
    const observer = new MutationObserver(() => setMode(currentMode()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  const setColorMode = useCallback((mode: ColorMode) => {
    document.documentElement.setAttribute('data-theme', mode);
    try {
      localStorage.setItem('theme', mode);
    } catch {
      // Storage blocked: the mode holds for this page only.
    }
  }, []);
  return { colorMode, setColorMode, isDarkTheme: colorMode === 'dark' };
}

export { useColorMode };
