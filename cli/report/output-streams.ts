/**
 * stdout and stderr can go away while docsgen runs: `docsgen check | head -1`
 * closes the pipe after one line, a CI step stops reading, `>/dev/full` has no
 * room. Node reports such a write failure as an 'error' event on the stream
 * (EPIPE, ENOSPC, EIO; a few stream kinds throw from `write` instead), and
 * with nobody listening that event became an uncaught exception whose report
 * wrote to the broken stream again: an endless chain of errors that kept the
 * process at full CPU, deaf to SIGTERM. Here, once at startup, both streams
 * get a listener; the first failure marks the stream gone, every later write
 * to it (ours, console's, a worker thread's piped output) is dropped without
 * a word, and `onLost` is told once, to stop the run (interrupt.ts).
 */

/** A stream that went away: which, and the error code that said so (EPIPE, ENOSPC, …). */
export interface LostOutput {
  stream: 'stdout' | 'stderr';
  code: string;
  /** The system's words for the code (`no space left on device`), when it has some. */
  reason?: string;
}

type Write = NodeJS.WriteStream['write'];

const lost = new Map<NodeJS.WriteStream, LostOutput>();
let guarded = false;

/** True while writes to the stream reach it: false once a write to it failed. */
export function isOutputOpen(stream: NodeJS.WriteStream): boolean {
  return !lost.has(stream);
}

/**
 * Guards process.stdout and process.stderr (once; later calls do nothing).
 * `onLost` is called once, for the first stream that fails; a second stream
 * failing later is only marked gone.
 */
export function guardOutputStreams(onLost: (output: LostOutput) => void): void {
  if (guarded) return;
  guarded = true;
  let told = false;
  const lose = (stream: NodeJS.WriteStream, name: LostOutput['stream'], error: unknown) => {
    if (lost.has(stream)) return;
    lost.set(stream, describeLoss(name, error));
    if (told) return;
    told = true;
    onLost(lost.get(stream)!);
  };
  for (const [name, stream] of [
    ['stdout', process.stdout],
    ['stderr', process.stderr],
  ] as const) {
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    // Stays for good: a failed write may report more than one error, and stdio streams are never destroyed.
    stream.on('error', (error) => lose(stream, name, error));
    stream.write = function writeWhileOpen(...args: unknown[]): boolean {
      if (lost.has(stream)) {
        const done = args.find((arg): arg is () => void => typeof arg === 'function');
        if (done) process.nextTick(done);
        return true;
      }
      try {
        return write(...args);
      } catch (error) {
        lose(stream, name, error);
        return true;
      }
    } as Write;
  }
}

function describeLoss(stream: LostOutput['stream'], error: unknown): LostOutput {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'EIO';
  const reason = REASONS[code];
  return reason ? { stream, code, reason } : { stream, code };
}

const REASONS: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EIO: 'input/output error',
  EBADF: 'not open for writing',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
};

/**
 * The one line docsgen prints (on stderr, when it is still there) after a
 * stream went away: what happened, that it stopped, and that an unfinished
 * build left the previous output as it was. Never "a bug in docsgen".
 */
export function describeLostOutput(output: LostOutput): string {
  const what =
    output.code === 'EPIPE'
      ? `${output.stream} was closed before docsgen finished (EPIPE)`
      : `${output.stream} could not be written (${output.code}${output.reason ? `: ${output.reason}` : ''})`;
  return `${what}; stopped, and a build that had not finished left the previous output as it was`;
}
