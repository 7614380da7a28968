/**
 * npm commands as Yarn and pnpm write them, for ` ```bash npm2yarn ` blocks
 * (plugins/remark-npm2yarn.ts). A line whose command is `npm` or `npx` is
 * rewritten word by word; every other line stays as it is. `a && b` is
 * converted on each side.
 */

export type PackageManager = 'yarn' | 'pnpm';

/** How each manager spells an npm flag of `install`; a missing entry keeps the flag as written, `''` drops it. */
const INSTALL_FLAGS: Record<string, Record<PackageManager, string>> = {
  '--save-dev': { yarn: '--dev', pnpm: '--save-dev' },
  '-D': { yarn: '--dev', pnpm: '--save-dev' },
  '--save-exact': { yarn: '--exact', pnpm: '--save-exact' },
  '-E': { yarn: '--exact', pnpm: '--save-exact' },
  '--save-optional': { yarn: '--optional', pnpm: '--save-optional' },
  '-O': { yarn: '--optional', pnpm: '--save-optional' },
  '--save-peer': { yarn: '--peer', pnpm: '--save-peer' },
  '--save': { yarn: '', pnpm: '' },
  '-S': { yarn: '', pnpm: '' },
  '--save-prod': { yarn: '', pnpm: '' },
  '-P': { yarn: '', pnpm: '' },
};

const GLOBAL_FLAGS = new Set(['--global', '-g']);
const INSTALL = new Set(['install', 'i', 'add']);
const UNINSTALL = new Set(['uninstall', 'un', 'remove', 'rm', 'r', 'unlink']);
/** npm commands Yarn and pnpm run as `<manager> <command>`: the scripts npm runs without `run`, and a few with the same name. */
const SAME_NAME = new Set([
  'start',
  'test',
  't',
  'stop',
  'restart',
  'publish',
  'pack',
  'link',
  'outdated',
  'why',
  'info',
  'login',
  'logout',
  'config',
  'cache',
  'version',
  'init',
]);

/** One `npm …` command's words (after `npm`) for another manager. */
function convertNpm(words: string[], to: PackageManager): string[] {
  const [command, ...rest] = words;
  if (command === undefined) return [to];
  if (INSTALL.has(command)) {
    const global = rest.some((w) => GLOBAL_FLAGS.has(w));
    const args = rest
      .filter((w) => !GLOBAL_FLAGS.has(w))
      .map((w) => (Object.hasOwn(INSTALL_FLAGS, w) ? INSTALL_FLAGS[w][to] : w))
      .filter((w) => w !== '');
    const packages = args.filter((w) => !w.startsWith('-'));
    if (packages.length === 0) return [to, 'install', ...args];
    if (global) return to === 'yarn' ? ['yarn', 'global', 'add', ...args] : ['pnpm', 'add', '--global', ...args];
    return [to, 'add', ...args];
  }
  if (UNINSTALL.has(command)) {
    const global = rest.some((w) => GLOBAL_FLAGS.has(w));
    const args = rest.filter((w) => !GLOBAL_FLAGS.has(w) && !Object.hasOwn(INSTALL_FLAGS, w));
    if (global) return to === 'yarn' ? ['yarn', 'global', 'remove', ...args] : ['pnpm', 'remove', '--global', ...args];
    return [to, 'remove', ...args];
  }
  if (command === 'ci') return [to, 'install', '--frozen-lockfile', ...rest];
  if (command === 'run' || command === 'run-script') return [to, 'run', ...rest];
  if (command === 'update' || command === 'up' || command === 'upgrade')
    return [to, to === 'yarn' ? 'upgrade' : 'update', ...rest];
  if (command === 'init' && rest.length > 0 && !rest[0].startsWith('-')) return [to, 'create', ...rest];
  if (command === 'exec') return [to, 'exec', ...rest];
  if (SAME_NAME.has(command)) return [to, command === 't' ? 'test' : command, ...rest];
  return [to, command, ...rest];
}

/** One command (no `&&`) for another manager, its indentation kept. */
function convertCommand(command: string, to: PackageManager): string {
  const start = command.length - command.trimStart().length;
  const end = command.trimEnd().length;
  const words = command.slice(start, end).split(/[ \t]+/);
  const converted =
    words[0] === 'npm'
      ? convertNpm(words.slice(1), to)
      : words[0] === 'npx'
        ? [to, 'dlx', ...words.slice(1)]
        : undefined;
  return converted ? command.slice(0, start) + converted.join(' ') + command.slice(end) : command;
}

/** A block's code with each npm command written for `to`; lines without one are kept as written. */
export function convertNpmCode(code: string, to: PackageManager): string {
  return code
    .split('\n')
    .map((line) =>
      line.trimStart().startsWith('#')
        ? line
        : line
            .split(' && ')
            .map((part) => convertCommand(part, to))
            .join(' && '),
    )
    .join('\n');
}
