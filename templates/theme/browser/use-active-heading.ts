import { useEffect, useState } from 'react';

/** The heading ids' offset from the top of the viewport below which a heading counts as "read". */
const ACTIVATION_OFFSET = 120;

function findActive(ids: string[]): string | undefined {
  let active: string | undefined;
  for (const id of ids) {
    const heading = document.getElementById(id);
    if (!heading) continue;
    if (heading.getBoundingClientRect().top > ACTIVATION_OFFSET) break;
    active = id;
  }
  // At the very bottom, the last headings may never reach the top: the last one is in view.
  if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) active = ids[ids.length - 1];
  return active ?? ids[0];
}

/** The id of the heading the reader is at, updated on scroll and resize. */
export function useActiveHeading(ids: string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(undefined);
  const key = ids.join('\n');
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(findActive(key.split('\n'))));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [key]);
  return active;
}
