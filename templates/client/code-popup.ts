/** How long the pointer rests on a link before its tip shows. */
const SHOW_DELAY_MS = 350;
/** How long a tip stays after the pointer leaves, so it can move into the popup (to select its text). */
const HIDE_GRACE_MS = 300;
/** Space kept between the popup and the viewport's edges, and between it and its link. */
const EDGE = 8;
const GAP = 4;

interface Shown {
  link: HTMLAnchorElement;
  tip: HTMLElement;
  /** The hidden `.code-tips` the tip is put back into. */
  home: Element;
}

/** The selector of code links with a tip (client/code-tips.ts, which loads this chunk: an import back would be a shared chunk). */
let tipLink = 'a.code-ref[aria-describedby]';
let popup: HTMLDivElement | undefined;
let shown: Shown | undefined;
let showTimer = 0;
let hideTimer = 0;

/** The tip a link points at, if it is one the highlighter wrote (content cannot lend its own element an id to show). */
function tipOf(link: HTMLAnchorElement): HTMLElement | undefined {
  const tip = document.getElementById(link.getAttribute('aria-describedby') ?? '');
  const parent = tip?.parentElement;
  return tip && parent && (parent.classList.contains('code-tips') || parent === popup) ? tip : undefined;
}

/**
 * Shows the link's tip: the tip element itself moves into the popup (so
 * `aria-describedby` still names what is shown), below the link, or above
 * it when there is no room below, and never past the viewport's sides.
 */
function show(link: HTMLAnchorElement): void {
  window.clearTimeout(showTimer);
  window.clearTimeout(hideTimer);
  if (shown?.link === link) return;
  hide();
  const tip = tipOf(link);
  if (!tip) return;
  if (!popup) {
    popup = document.createElement('div');
    popup.className = 'code-popup';
    popup.addEventListener('pointerenter', () => window.clearTimeout(hideTimer));
    popup.addEventListener('pointerleave', () => hideSoon());
  }
  // A client-side navigation replaces the body, popup included.
  if (!popup.isConnected) document.body.append(popup);
  shown = { link, tip, home: tip.parentElement! };
  popup.append(tip);
  popup.hidden = false;
  place(popup, link);
}

function place(box: HTMLElement, link: HTMLElement): void {
  box.style.left = '0px';
  box.style.top = '0px';
  const anchor = link.getBoundingClientRect();
  const { offsetWidth: width, offsetHeight: height } = box;
  const viewportWidth = document.documentElement.clientWidth;
  const left = Math.max(EDGE, Math.min(anchor.left, viewportWidth - width - EDGE));
  const below = anchor.bottom + GAP;
  const above = anchor.top - GAP - height;
  const top = below + height > window.innerHeight - EDGE && above >= EDGE ? above : below;
  box.style.left = `${left + window.scrollX}px`;
  box.style.top = `${top + window.scrollY}px`;
}

function hide(): void {
  window.clearTimeout(hideTimer);
  if (!shown || !popup) return;
  shown.home.append(shown.tip);
  popup.hidden = true;
  shown = undefined;
}

function hideSoon(): void {
  window.clearTimeout(showTimer);
  window.clearTimeout(hideTimer);
  if (shown) hideTimer = window.setTimeout(hide, HIDE_GRACE_MS);
}

const linkAt = (target: EventTarget | null) =>
  (target as Element | null)?.closest?.<HTMLAnchorElement>(tipLink) ?? undefined;
const inPopup = (target: EventTarget | null) => Boolean(popup && target instanceof Node && popup.contains(target));

function onPointerOver(event: PointerEvent): void {
  if (event.pointerType === 'touch') return;
  const link = linkAt(event.target);
  if (inPopup(event.target) || (link && link === shown?.link)) {
    window.clearTimeout(hideTimer);
    return;
  }
  if (link) showSoon(link);
}

/** Shows the link's tip if the pointer still rests on it after the delay (it may have been passing over on its way elsewhere). */
function showSoon(link: HTMLAnchorElement): void {
  window.clearTimeout(showTimer);
  showTimer = window.setTimeout(() => link.matches(':hover') && show(link), SHOW_DELAY_MS);
}

function onPointerOut(event: PointerEvent): void {
  const from = linkAt(event.target);
  if (!from && !inPopup(event.target)) return;
  if (linkAt(event.relatedTarget) === from && from) return;
  if (inPopup(event.relatedTarget)) return;
  window.clearTimeout(showTimer);
  if (shown && (from === shown.link || inPopup(event.target))) hideSoon();
}

function onFocusIn(event: FocusEvent): void {
  const link = linkAt(event.target);
  if (link) showFocused(link);
}

function showFocused(link: HTMLAnchorElement): void {
  // Keyboard focus only: a tap focuses the link too, and must just follow it.
  if (!link.matches(':focus-visible')) return;
  // A browser scrolls a focused element only until part of it shows: in a code block scrolled sideways, that can be one letter.
  link.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
  show(link);
}

function onFocusOut(event: FocusEvent): void {
  if (shown && event.target === shown.link && !inPopup(event.relatedTarget)) hide();
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.key === 'Escape' && shown) hide();
}

/**
 * Installs the popup's listeners (delegated, for every code link of every
 * page), then shows the tip of the link that has the focus or the pointer
 * now: the reader may have moved on while this script loaded.
 */
export function startCodeTips(selector: string): void {
  tipLink = selector;
  document.addEventListener('pointerover', onPointerOver);
  document.addEventListener('pointerout', onPointerOut);
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  document.addEventListener('keydown', onKeyDown);
  window.addEventListener('resize', hide);
  window.addEventListener('docsgen:before-swap', hide);
  const focused = linkAt(document.activeElement);
  const hovered = document.querySelector<HTMLAnchorElement>(`${tipLink}:hover`);
  if (focused) showFocused(focused);
  else if (hovered) showSoon(hovered);
}
