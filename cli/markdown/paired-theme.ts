import type { ThemedToken, ThemeRegistrationResolved } from 'shiki';

/**
 * Light and dark themes that share their rules (same scopes in the same order, as
 * GitHub's do) differ only in colours. Such a pair becomes one theme whose colours
 * are placeholders: code is tokenised once instead of once per theme, and each
 * placeholder is swapped for the pair of real colours afterwards. The look is the
 * same as shiki's own dual-theme output: `color` for light, `--shiki-dark` for dark.
 */
export interface PairedTheme {
  theme: ThemeRegistrationResolved;
  /** The `<pre>` element's classes and inline style. */
  preClass: string;
  preStyle: string;
  /** Tokens of the paired theme with their real colours, neighbours of one look merged. */
  tokens(lines: ThemedToken[][]): StyledToken[][];
}

/** A run of code with its inline style (`color` for light, `--shiki-dark` for dark, font style). */
export interface StyledToken {
  content: string;
  style: string;
}

/** An inline style as shiki writes it (its `stringifyTokenStyle`), without loading shiki to write it. */
export function stringifyStyle(style: Readonly<Record<string, string>> | string): string {
  if (typeof style === 'string') return style;
  return Object.entries(style)
    .map(([key, value]) => `${key}:${value}`)
    .join(';');
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
    const same =
      JSON.stringify(l.scope) === JSON.stringify(d.scope) &&
      l.settings.fontStyle === d.settings.fontStyle &&
      !l.settings.foreground === !d.settings.foreground &&
      !l.settings.background === !d.settings.background;
    if (!same) return undefined;
    const settings = { ...l.settings };
    if (l.settings.foreground) settings.foreground = pair(l.settings.foreground, d.settings.foreground);
    if (l.settings.background) settings.background = pair(l.settings.background, d.settings.background);
    tokenColors.push({ ...l, settings });
  }
  const theme: ThemeRegistrationResolved = {
    ...light,
    name: `${light.name}+${dark.name}`,
    fg,
    bg,
    colors: {},
    settings: tokenColors,
    colorReplacements: {},
  };
  const real = (color: string | undefined) => (color ? colors.get(color.toUpperCase()) : undefined);

  // A theme has a few dozen looks; each style is written once and shared by every token that has it.
  // Two rules whose colour pairs are equal get equal styles, so their tokens merge.
  const styles = new Map<string, string>();
  const styleFor = (token: ThemedToken) => {
    const key = `${token.color}|${token.bgColor}|${token.fontStyle ?? 0}`;
    let style = styles.get(key);
    if (style === undefined) styles.set(key, (style = stringifyStyle(styleOf(token, real))));
    return style;
  };
  return {
    theme,
    preClass: `shiki shiki-themes ${light.name} ${dark.name}`,
    preStyle: `background-color:${light.bg};--shiki-dark-bg:${dark.bg};color:${light.fg};--shiki-dark:${dark.fg}`,
    tokens: (lines) => lines.map((line) => mergeSameLook(line, styleFor)),
  };
}

/** A theme's own colour replacements apply to the real colours, not to the placeholders. */
function replaced(theme: ThemeRegistrationResolved, color: string | undefined): string {
  if (!color) return 'inherit';
  return (theme.colorReplacements?.[color.toLowerCase()] ?? color).toUpperCase();
}

const FONT_STYLE = { italic: 1, bold: 2, underline: 4, strikethrough: 8 };

function styleOf(
  token: ThemedToken,
  real: (color: string | undefined) => { light: string; dark: string } | undefined,
): Record<string, string> {
  const style: Record<string, string> = {};
  const color = real(token.color);
  if (color) Object.assign(style, { color: color.light, '--shiki-dark': color.dark });
  const background = real(token.bgColor);
  if (background) Object.assign(style, { 'background-color': background.light, '--shiki-dark-bg': background.dark });
  const fontStyle = token.fontStyle ?? 0;
  if (fontStyle & FONT_STYLE.italic) style['font-style'] = 'italic';
  if (fontStyle & FONT_STYLE.bold) style['font-weight'] = 'bold';
  const decorations = [
    fontStyle & FONT_STYLE.underline && 'underline',
    fontStyle & FONT_STYLE.strikethrough && 'line-through',
  ].filter(Boolean);
  if (decorations.length) style['text-decoration'] = decorations.join(' ');
  return style;
}

const DECORATION = FONT_STYLE.underline | FONT_STYLE.strikethrough;

/**
 * Neighbours that look the same (two rules with one colour pair) become one token,
 * and whitespace between looks goes with the token after it (so a space takes that
 * token's colour): the spans shiki writes for two themes.
 */
export function mergeSameLook(line: ThemedToken[], styleFor: (token: ThemedToken) => string): StyledToken[] {
  const runs: (StyledToken & { decorated: boolean })[] = [];
  for (const token of line) {
    const style = styleFor(token);
    const previous = runs.at(-1);
    if (previous?.style === style) previous.content += token.content;
    else runs.push({ content: token.content, style, decorated: ((token.fontStyle ?? 0) & DECORATION) !== 0 });
  }
  const merged: StyledToken[] = [];
  for (let i = 0; i < runs.length; i++) {
    const { content, style, decorated } = runs[i];
    const next = runs[i + 1];
    if (next && !decorated && !next.decorated && /^\s+$/.test(content)) {
      next.content = content + next.content;
      continue;
    }
    const previous = merged.at(-1);
    if (previous?.style === style) previous.content += content;
    else merged.push({ content, style });
  }
  return merged;
}
