import { spawn } from 'node:child_process';

/** The program that opens a URL, and its arguments: $BROWSER when set, else the platform's opener. */
export function browserCommand(
  url: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): [string, string[]] | undefined {
  const chosen = env.BROWSER?.trim();
  if (chosen) return chosen.toLowerCase() === 'none' ? undefined : [chosen, [url]];
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url]];
  return ['xdg-open', [url]];
}

/**
 * `--open`: opens the URL in a browser without waiting for it. `$BROWSER`,
 * as many tools honour it, names the program to run with the URL as its one
 * argument (no shell), and `BROWSER=none` opens nothing; otherwise `open`
 * (macOS), `start` (Windows) or `xdg-open`. A browser that cannot be started,
 * or an opener that fails, is a warning with the URL to visit, never an error:
 * the server is up either way.
 */
export function openBrowser(url: string, warn: (message: string) => void): void {
  const command = browserCommand(url);
  if (!command) return;
  const [program, args] = command;
  const failed = (why: string) => warn(`could not open a browser (${why}); visit ${url}`);
  try {
    const child = spawn(program, args, { detached: true, stdio: 'ignore' });
    child.on('error', (error) => failed(error.message));
    child.on('exit', (code) => {
      if (code) failed(`${program} exited with ${code}`);
    });
    child.unref();
  } catch (error) {
    failed((error as Error).message);
  }
}
