/** nprogress's settings, as the SPEC gives them. */
export const PROGRESS = { delay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 } as const;

/**
 * A thin bar at the top of the window for slow navigations: it appears only
 * if the navigation is still running after 200 ms, starts at 8 %, creeps
 * forward 2 % every 800 ms, and fills and fades when the page arrives.
 */
export function startProgress(): { done: () => void } {
  let bar: HTMLElement | undefined;
  let value = 0;
  let trickle = 0;
  const set = (n: number) => {
    value = Math.min(Math.max(n, PROGRESS.minimum), 1);
    bar?.style.setProperty('--progress', String(value));
  };
  const delay = window.setTimeout(() => {
    bar = document.createElement('div');
    bar.className = 'progress-bar';
    bar.dataset.persist = '';
    bar.setAttribute('aria-hidden', 'true');
    bar.style.setProperty('--progress-speed', `${PROGRESS.speed}ms`);
    document.body.append(bar);
    set(PROGRESS.minimum);
    trickle = window.setInterval(() => set(Math.min(value + PROGRESS.trickleRate, 0.994)), PROGRESS.trickleSpeed);
  }, PROGRESS.delay);
  return {
    done() {
      window.clearTimeout(delay);
      window.clearInterval(trickle);
      if (!bar) return;
      const finished = bar;
      set(1);
      finished.classList.add('progress-bar-done');
      window.setTimeout(() => finished.remove(), PROGRESS.speed * 2);
    },
  };
}
