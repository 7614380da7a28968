/**
 * Keeps the site's primary colour readable. The theme draws links and the
 * active items in `--dg-primary`, and text on it (the primary button), so a
 * brand colour too light for text on the page (`--ifm-color-primary:
 * rgb(132, 170, 124)` on white: 2.4:1) would fail WCAG's 4.5:1. The site's
 * stylesheets are read for the `--ifm-color-primary` they set at the page
 * root (`:root`, `html`, `[data-theme='dark']`); in a mode where it is under
 * 4.5:1 on the page's background, a rule is added that draws the theme in
 * the nearest shade that reaches it (darker in light mode, lighter in dark).
 */

/** The page's background in each mode (templates/styles/tokens.css). */
const BACKGROUND = { light: [255, 255, 255], dark: [21, 22, 26] } as const;
/** WCAG AA for text. */
const MINIMUM = 4.5;
/** What an adjusted shade reaches: a little over the minimum, so rounding never takes it under. */
const TARGET = 4.6;

type Rgb = readonly [number, number, number];

/** The extra CSS that keeps the primary colour readable in each mode where the sheets' value is not; '' when none. */
export function readablePrimaryCss(sheets: string[]): string {
  const light = { primary: undefined as Rgb | undefined, darkest: undefined as Rgb | undefined };
  let darkPrimary: Rgb | undefined;
  for (const sheet of sheets.map(withoutComments)) {
    for (const property of ['--ifm-color-primary', '--ifm-color-primary-darkest'] as const) {
      for (const { selector, value } of rootDeclarations(sheet, property)) {
        const rgb = parseColor(value);
        if (!rgb) continue;
        const dark = /data-theme=['"]?dark/.test(selector.replace(/\s+/g, ''));
        if (property === '--ifm-color-primary-darkest') light.darkest = dark ? light.darkest : rgb;
        else if (dark) darkPrimary = rgb;
        else light.primary = rgb;
      }
    }
  }
  const rules: string[] = [];
  const lightRule = readableTokens(light.primary, light.darkest, 'light');
  if (lightRule) rules.push(`:root:not([data-theme='dark']){${lightRule}}`);
  const darkRule = readableTokens(darkPrimary ?? light.primary, undefined, 'dark');
  if (darkRule) rules.push(`:root[data-theme='dark']{${darkRule}}`);
  return rules.join('\n');
}

/**
 * The declarations that keep one mode readable: `--dg-primary` (links, text on the primary button) when the primary
 * colour is under 4.5:1 on the page, `--dg-primary-text` (text on the soft tint: `text`, the darkest shade in light
 * mode) when it is under 4.5:1 on that tint (as tokens.css mixes it); '' when both read well.
 */
function readableTokens(primary: Rgb | undefined, text: Rgb | undefined, mode: 'light' | 'dark'): string {
  if (!primary) return '';
  const background = BACKGROUND[mode];
  const toward = mode === 'light' ? 0 : 255;
  const shown = contrast(primary, background) < MINIMUM ? readableOn(primary, background, toward) : primary;
  const soft = mix(shown, background, mode === 'light' ? 0.11 : 0.16);
  const onSoft = text ?? shown;
  const out: string[] = [];
  if (shown !== primary) out.push(`--dg-primary:${hex(shown)}`);
  if (contrast(onSoft, soft) < MINIMUM) out.push(`--dg-primary-text:${hex(readableOn(onSoft, soft, toward))}`);
  return out.join(';');
}

/** `share` of `color` mixed into `background`, as color-mix() in sRGB does. */
function mix(color: Rgb, background: Rgb, share: number): Rgb {
  return color.map((c, i) => Math.round(c * share + background[i] * (1 - share))) as unknown as Rgb;
}

/** The CSS without its comments, which would hide a rule's selector. */
function withoutComments(css: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = css.indexOf('/*', from);
    if (open === -1) return out + css.slice(from);
    out += css.slice(from, open);
    const close = css.indexOf('*/', open + 2);
    if (close === -1) return out;
    from = close + 2;
  }
}

/** The values of `property` declared in rules whose selector is the page root, with the selector. */
function rootDeclarations(css: string, property: string): { selector: string; value: string }[] {
  const found: { selector: string; value: string }[] = [];
  let from = 0;
  for (;;) {
    const at = css.indexOf(property, from);
    if (at === -1) return found;
    from = at + property.length;
    const colon = css.indexOf(':', from);
    if (colon === -1 || css.slice(from, colon).trim() !== '') continue;
    const ends = [css.indexOf(';', colon), css.indexOf('}', colon)].filter((i) => i !== -1);
    const value = css.slice(colon + 1, ends.length ? Math.min(...ends) : css.length).trim();
    const open = css.lastIndexOf('{', at);
    const selector = css.slice(Math.max(css.lastIndexOf('}', open), css.lastIndexOf(';', open)) + 1, open).trim();
    // Only the page root's value reaches the theme's tokens, which are set there.
    if (/^(?::root|html)?(?:\[data-theme\s*=\s*['"]?(?:light|dark)['"]?\])?$/.test(selector.replace(/\s+/g, '')))
      found.push({ selector, value });
  }
}

/** `#rgb`, `#rrggbb` or `rgb()`/`rgba()` with numbers; undefined for anything else (left as it is). */
export function parseColor(value: string): Rgb | undefined {
  const text = value.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return [short[1], short[2], short[3]].map((d) => Number.parseInt(d + d, 16)) as unknown as Rgb;
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(text);
  if (long) return [long[1], long[2], long[3]].map((d) => Number.parseInt(d, 16)) as unknown as Rgb;
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/][^)]*)?\)$/.exec(text);
  if (rgb) return [rgb[1], rgb[2], rgb[3]].map((d) => Math.min(255, Number(d))) as unknown as Rgb;
  return undefined;
}

/** WCAG's contrast ratio of two colours. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour mixed toward `toward` (0: black, 255: white) just enough to reach TARGET on `background`. */
function readableOn(color: Rgb, background: Rgb, toward: number): Rgb {
  for (let step = 1; step <= 100; step++) {
    const mixed = color.map((c) => Math.round(c + ((toward - c) * step) / 100)) as unknown as Rgb;
    if (contrast(mixed, background) >= TARGET) return mixed;
  }
  return [toward, toward, toward];
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function hex(rgb: Rgb): string {
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
