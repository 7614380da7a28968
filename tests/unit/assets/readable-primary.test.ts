import { describe, expect, it } from 'vitest';
import { contrast, parseColor, readablePrimaryCss } from '../../../cli/assets/readable-primary.js';

/** The colour a generated rule gives a token, parsed. */
const tokenIn = (css: string, selector: string, token: string) => {
  const rule = css.split('\n').find((line) => line.startsWith(`${selector}{`)) ?? '';
  const value = new RegExp(`${token}:(#[0-9a-f]{6})`).exec(rule)?.[1];
  return value ? parseColor(value) : undefined;
};

describe('readablePrimaryCss: a primary colour too light for text is drawn in a readable shade', () => {
  it('adds nothing for the classic template green, which reads well in both modes', () => {
    const css = `:root { --ifm-color-primary: #2e8555; --ifm-color-primary-darkest: #205d3b; }
[data-theme='dark'] { --ifm-color-primary: #25c2a0; }`;
    expect(readablePrimaryCss([css])).toBe('');
  });

  it("darkens a light brand green (2.4:1 on white) to 4.5:1 or more, as links and the active item's text", () => {
    const css = `/* Infima */\n:root {\n  --ifm-color-primary: rgb(132, 170, 124);\n  --ifm-color-primary-darkest: #597d51;\n}`;
    const out = readablePrimaryCss([css]);
    const light = ":root:not([data-theme='dark'])";
    const primary = tokenIn(out, light, '--dg-primary');
    const text = tokenIn(out, light, '--dg-primary-text');
    expect(primary && contrast(primary, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    expect(text && contrast(text, [255, 255, 255])).toBeGreaterThan(4.5);
    // The :root value holds in dark mode too, where it reads well on the dark page: nothing added there.
    expect(out).not.toContain("[data-theme='dark']{");
  });

  it('lightens a dark-mode value too dark for the dark page, and reads html[data-theme] and hex forms', () => {
    const out = readablePrimaryCss(["html[data-theme='dark'] { --ifm-color-primary: #123; }"]);
    const primary = tokenIn(out, ":root[data-theme='dark']", '--dg-primary');
    expect(primary && contrast(primary, [21, 22, 26])).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves values it cannot read, and values set below the page root, as they are', () => {
    expect(readablePrimaryCss([':root { --ifm-color-primary: var(--brand); }'])).toBe('');
    expect(readablePrimaryCss(['.navbar { --ifm-color-primary: #eee; }'])).toBe('');
    expect(parseColor('hsl(120 50% 50%)')).toBeUndefined();
    expect(parseColor('rgba(1, 2, 3, 0.5)')).toEqual([1, 2, 3]);
  });
});
