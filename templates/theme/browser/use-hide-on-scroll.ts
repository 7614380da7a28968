import { useEffect, useState } from 'react';

/** True while the reader scrolls down past the navbar; false again as soon as they scroll up. */
export function useHideOnScroll(enabled: boolean, height = 60): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < 4) return;
      setHidden(y > last && y > height);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled, height]);
  return hidden;
}
