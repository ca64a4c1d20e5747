/**
 * `/dev/stdin`, `/dev/stdout` and `/dev/stderr` (and `/dev/fd/0` to `2`) named as files, read and
 * written as the command's own streams.
 *
 * just-bash makes them plain files of its filesystem. So `echo hi | cat /dev/stdin` printed nothing,
 * `echo x | tee /dev/stderr` printed `x` once (GNU: once on each stream), `awk '{print > "/dev/stderr"}'`
 * printed nothing, all with exit 0; and what was written stayed in the file, in the workspace, for
 * `cat /dev/stderr` to print in a later call. (A redirection such as `echo x >&2` or `> /dev/stderr`
 * is the shell's own and was always right.)
 *
 * Each command of the shell is wrapped to open a frame while it runs: the filesystem serves the
 * frame's standard input for a read of `/dev/stdin` and keeps writes to `/dev/stdout` and `/dev/stderr`
 * in it, and when the command returns they are added to what it printed on each stream. Writes to
 * `/dev/stdout` come after the command's own output rather than among it. Frames nest (a command run by
 * `xargs` reads its own input); two calls running at once in one workspace could see each other's.
 * Imports just-bash's types and src/shared.
 */
import type { Command } from 'just-bash';
import { joinBytes } from '../../shared/index.ts';

type Result = Awaited<ReturnType<Command['execute']>>;

/** The device paths, and which stream each is. */
const STREAM_PATHS: Readonly<Record<string, 'stdin' | 'stdout' | 'stderr'>> = {
  '/dev/stdin': 'stdin',
  '/dev/fd/0': 'stdin',
  '/dev/stdout': 'stdout',
  '/dev/fd/1': 'stdout',
  '/dev/stderr': 'stderr',
  '/dev/fd/2': 'stderr',
};

/** Which stream a normalized path names, or `undefined`. */
export function streamOf(path: string): 'stdin' | 'stdout' | 'stderr' | undefined {
  return STREAM_PATHS[path];
}

/** The streams of one running command, as bytes. */
interface Frame {
  stdin: Uint8Array;
  stdout: Uint8Array[];
  stderr: Uint8Array[];
}

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder();

/** Bytes of a latin1 byte string (just-bash's representation of bytes: one char per byte). */
function bytesOfLatin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let at = 0; at < text.length; at++) bytes[at] = text.charCodeAt(at) & 0xff;
  return bytes;
}

/** The bytes of what a command wrote to a file: text as UTF-8, a byte string (`binary`) as is. */
export function bytesWritten(content: string | Uint8Array, encoding: unknown): Uint8Array {
  if (typeof content !== 'string') return content;
  return encoding === 'binary' || encoding === 'latin1'
    ? bytesOfLatin1(content)
    : textEncoder.encode(content);
}

/** The standard streams of the commands running in one shell (see the file comment). */
export class StandardStreams {
  private readonly frames: Frame[] = [];

  /** What a read of `/dev/stdin` gives: the running command's input, or nothing. */
  stdin(): Uint8Array {
    return this.frames.at(-1)?.stdin ?? new Uint8Array(0);
  }

  /** Keeps a write to `/dev/stdout` or `/dev/stderr` for the running command; dropped when none runs. */
  write(stream: 'stdout' | 'stderr', bytes: Uint8Array): void {
    this.frames.at(-1)?.[stream].push(bytes);
  }

  /** `command`, run in a frame of its own. */
  wrap(command: Command): Command {
    return {
      ...command,
      execute: async (args, context) => {
        const frame: Frame = { stdin: bytesOfLatin1(String(context.stdin ?? '')), stdout: [], stderr: [] };
        this.frames.push(frame);
        try {
          return withWrites(await command.execute(args, context), frame);
        } finally {
          this.frames.splice(this.frames.lastIndexOf(frame), 1);
        }
      },
    };
  }
}

/** A latin1 byte string of `bytes`, in chunks small enough for any stack. */
function latin1Of(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 8192) {
    text += String.fromCharCode.apply(null, bytes.subarray(at, at + 8192) as unknown as number[]);
  }
  return text;
}

/** `result` with the frame's writes added to each stream, in the kind of output the stream holds. */
function withWrites(result: Result, frame: Frame): Result {
  if (frame.stdout.length === 0 && frame.stderr.length === 0) return result;
  const bytes = result.stdoutKind === 'bytes' || result.stdoutEncoding === 'binary';
  const stdout = joinBytes(frame.stdout);
  return {
    ...result,
    stdout: `${result.stdout}${bytes ? latin1Of(stdout) : textDecoder.decode(stdout)}`,
    stderr: `${result.stderr}${textDecoder.decode(joinBytes(frame.stderr))}`,
  };
}
