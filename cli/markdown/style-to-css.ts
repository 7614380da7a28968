const UNITLESS = new Set([
  'opacity',
  'zIndex',
  'fontWeight',
  'lineHeight',
  'flex',
  'flexGrow',
  'flexShrink',
  'order',
  'zoom',
  'aspectRatio',
]);

/** `{marginTop: 8, color: 'red'}` → `margin-top:8px;color:red`, as React would write it. */
export function styleToCss(style: Record<string, unknown>): string {
  return Object.entries(style)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([key, value]) => {
      const property = key.startsWith('--')
        ? key
        : key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^ms-/, '-ms-');
      const css = typeof value === 'number' && value !== 0 && !UNITLESS.has(key) ? `${value}px` : String(value);
      return `${property}:${css}`;
    })
    .join(';');
}
