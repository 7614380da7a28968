import type { ShikiTransformer, ThemedToken, ThemeRegistrationResolved } from 'shiki';

/**
 * Light and dark themes that share their rules (same scopes in the same order, as
 * GitHub's do) differ only in colours. Such a pair becomes one theme whose colours
 * are placeholders: code is tokenised once instead of once per theme, and each
 * placeholder is swapped for the pair of real colours afterwards. The HTML is the
 * same as shiki's own dual-theme output: `color` for light, `--shiki-dark` for dark.
 */
export interface PairedTheme {
  theme: ThemeRegistrationResolved;
  transformer: ShikiTransformer;
}

const placeholder = (n: number) => '#' + n.toString(16).toUpperCase().padStart(6, '0');

export function pairThemes(light: ThemeRegistrationResolved, dark: ThemeRegistrationResolved): PairedTheme | undefined {
  const lightRules = light.settings ?? [];
  const darkRules = dark.settings ?? [];
  if (lightRules.length !== darkRules.length) return undefined;
  const colors = new Map<string, { light: string; dark: string }>();
  const pair = (lightColor: string | undefined, darkColor: string | undefined) => {
    const key = placeholder(colors.size);
    colors.set(key, { light: replaced(light, lightColor), dark: replaced(dark, darkColor) });
    return key;
  };
  const fg = pair(light.fg, dark.fg);
  const bg = pair(light.bg, dark.bg);
  const tokenColors = [];
  for (let i = 0; i < lightRules.length; i++) {
    const [l, d] = [lightRules[i], darkRules[i]];
    const same = JSON.stringify(l.scope) === JSON.stringify(d.scope) && l.settings.fontStyle === d.settings.fontStyle && !l.settings.foreground === !d.settings.foreground && !l.settings.background === !d.settings.background;
    if (!same) return undefined;
    const settings = { ...l.settings };
    if (l.settings.foreground) settings.foreground = pair(l.settings.foreground, d.settings.foreground);
    if (l.settings.background) settings.background = pair(l.settings.background, d.settings.background);
    tokenColors.push({ ...l, settings });
  }
  const theme: ThemeRegistrationResolved = { ...light, name: `${light.name}+${dark.name}`, fg, bg, colors: {}, settings: tokenColors, colorReplacements: {} };
  const real = (color: string | undefined) => (color ? colors.get(color.toUpperCase()) : undefined);

  const transformer: ShikiTransformer = {
    name: 'docsgen:paired-theme',
    tokens(lines) {
      return lines.map((line) => mergeSameStyle(line.map((token) => ({ ...token, htmlStyle: styleOf(token, real) }))));
    },
    pre(node) {
      node.properties.class = `shiki shiki-themes ${light.name} ${dark.name}`;
      node.properties.style = `background-color:${light.bg};--shiki-dark-bg:${dark.bg};color:${light.fg};--shiki-dark:${dark.fg}`;
    },
  };
  return { theme, transformer };
}

/** A theme's own colour replacements apply to the real colours, not to the placeholders. */
function replaced(theme: ThemeRegistrationResolved, color: string | undefined): string {
  if (!color) return 'inherit';
  return (theme.colorReplacements?.[color.toLowerCase()] ?? color).toUpperCase();
}

const FONT_STYLE = { italic: 1, bold: 2, underline: 4, strikethrough: 8 };

function styleOf(token: ThemedToken, real: (color: string | undefined) => { light: string; dark: string } | undefined): Record<string, string> {
  const style: Record<string, string> = {};
  const color = real(token.color);
  if (color) Object.assign(style, { color: color.light, '--shiki-dark': color.dark });
  const background = real(token.bgColor);
  if (background) Object.assign(style, { 'background-color': background.light, '--shiki-dark-bg': background.dark });
  const fontStyle = token.fontStyle ?? 0;
  if (fontStyle & FONT_STYLE.italic) style['font-style'] = 'italic';
  if (fontStyle & FONT_STYLE.bold) style['font-weight'] = 'bold';
  const decorations = [fontStyle & FONT_STYLE.underline && 'underline', fontStyle & FONT_STYLE.strikethrough && 'line-through'].filter(Boolean);
  if (decorations.length) style['text-decoration'] = decorations.join(' ');
  return style;
}

/** Neighbours that now look the same (two rules with one colour pair) become one span. */
function mergeSameStyle(line: ThemedToken[]): ThemedToken[] {
  const merged: ThemedToken[] = [];
  let previousKey = '';
  for (const token of line) {
    const key = JSON.stringify(token.htmlStyle);
    const previous = merged.at(-1);
    if (previous && key === previousKey) previous.content += token.content;
    else merged.push(token);
    previousKey = key;
  }
  return merged;
}
