import pc from 'picocolors';

/** picocolors' painters (`red`, `dim`, …): each returns its text unchanged when colour is off. */
export type Colors = ReturnType<typeof pc.createColors>;

/**
 * What `--color` / `--no-color` said on this command line: undefined when
 * neither was given. Set once by main.ts before a command prints anything.
 */
let flag: boolean | undefined;

export function setColorFlag(value: boolean | undefined): void {
  flag = value;
}

/**
 * Whether to colour what goes to `stream`, in this order: `--color` /
 * `--no-color`; `NO_COLOR` (any value but empty) turns colour off; then
 * `FORCE_COLOR` turns it on (`0` or `false` off), for logs that show colour
 * but are no terminal, such as GitHub Actions; otherwise colour only on a
 * terminal that is not `TERM=dumb`. Decided per stream: stdout may be a pipe
 * while stderr is the terminal.
 */
export function wantsColor(
  stream: { isTTY?: boolean },
  env: NodeJS.ProcessEnv = process.env,
  cliFlag: boolean | undefined = flag,
): boolean {
  if (cliFlag !== undefined) return cliFlag;
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return Boolean(stream.isTTY) && env.TERM !== 'dumb';
}

const ON = pc.createColors(true);
const OFF = pc.createColors(false);

/**
 * picocolors' painters for one stream. Colour codes come only from here:
 * text from content is escaped (visible-text.ts) before it is painted.
 */
export function colorsFor(stream: { isTTY?: boolean }): Colors {
  return wantsColor(stream) ? ON : OFF;
}

/** Painters that paint nothing. */
export const PLAIN: Colors = OFF;
