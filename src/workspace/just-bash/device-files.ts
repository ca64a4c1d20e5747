/**
 * `/dev/zero`, `/dev/null` and the standard streams of the embedded workspace, read and written as
 * devices.
 *
 * just-bash makes both plain files of its in-memory filesystem: `/dev/zero` empty, so `head -c 5
 * /dev/zero | wc -c` printed 0 with exit 0 (GNU: 5), and `/dev/null` one that keeps what is written to
 * it, so after `echo hi > /dev/null` a `cat /dev/null` printed `hi` (and `>> /dev/null` grew it in the
 * workspace's storage, call after call).
 *
 * Here a write to either is dropped, as the kernel drops it; `/dev/null` reads as empty; `/dev/zero`
 * reads as zero bytes, one more than a call may print (just-bash's `maxOutputSize`, which counts what
 * goes through pipes too): just-bash's commands read a file whole, so an endless device cannot be had,
 * but then a command that prints what fits in that (`head -c N /dev/zero`) prints what GNU prints, and
 * one that would print more (`cat /dev/zero`, `head -c 20M`) stops at the output limit with its error
 * (exit 126) instead of hanging as GNU would. A command that reads it all and prints little
 * (`wc -c /dev/zero`) counts that many bytes, where GNU never ends.
 *
 * `/dev/stdin`, `/dev/stdout`, `/dev/stderr` and `/dev/fd/0` to `2` are the running command's streams,
 * through {@link DeviceInMemoryFs.streams} (shell/standard-streams.ts says how).
 * Imports just-bash, byte-safe-fs.ts, workspace.ts and shell/standard-streams.ts.
 */
import type { InMemoryFs } from 'just-bash';
import { bytesWritten, StandardStreams, streamOf } from '../shell/standard-streams.ts';
import { normalizePosix } from '../workspace.ts';
import { ByteSafeInMemoryFs, latin1FromByteArray } from './byte-safe-fs.ts';

type ReadFileOptions = Parameters<InMemoryFs['readFile']>[1];
type WriteArguments = Parameters<InMemoryFs['writeFile']>;

const DEVICES = new Set(['/dev/null', '/dev/zero']);

function isDevice(path: string): boolean {
  if (!path.startsWith('/dev/')) return false;
  const normalized = normalizePosix(path);
  return DEVICES.has(normalized) || streamOf(normalized) !== undefined;
}

/** The encoding a write was given, in either of its spellings. */
function encodingOf(options: unknown): unknown {
  return typeof options === 'string' ? options : (options as { encoding?: unknown } | undefined)?.encoding;
}

/** {@link ByteSafeInMemoryFs} whose `/dev/null` and `/dev/zero` behave as the devices do. */
export class DeviceInMemoryFs extends ByteSafeInMemoryFs {
  /**
   * How many bytes a read of `/dev/zero` gives: set, once the shell exists, to one more than its
   * output limit. Until then (no command has run), none.
   */
  zeroBytes = 0;

  /** The standard streams of the command running in the shell over this filesystem. */
  readonly streams: StandardStreams = new StandardStreams();

  override async readFileBuffer(path: string): Promise<Uint8Array> {
    if (!isDevice(path)) return super.readFileBuffer(path);
    const device = normalizePosix(path);
    if (streamOf(device) === 'stdin') return this.streams.stdin();
    return new Uint8Array(device === '/dev/zero' ? this.zeroBytes : 0);
  }

  /** A write to a device: kept for the running command when it is one of its output streams. */
  private written(path: string, content: string | Uint8Array, options: unknown): void {
    const stream = streamOf(normalizePosix(path));
    if (stream === 'stdout' || stream === 'stderr')
      this.streams.write(stream, bytesWritten(content, encodingOf(options)));
  }

  /** A device's bytes are new at every read: converted, never kept (byte-safe-fs.ts keeps files'). */
  protected override latin1Of(path: string, content: Uint8Array): string {
    return isDevice(path) ? latin1FromByteArray(content) : super.latin1Of(path, content);
  }

  override async readFile(path: string, options?: ReadFileOptions): Promise<string> {
    const encoding = typeof options === 'string' ? options : options?.encoding;
    // The byte encodings read through readFileBuffer (byte-safe-fs.ts), so through the devices above.
    if (!isDevice(path) || encoding === 'binary' || encoding === 'latin1' || encoding === 'base64') {
      return super.readFile(path, options);
    }
    return new TextDecoder().decode(await this.readFileBuffer(path));
  }

  override async writeFile(...args: WriteArguments): Promise<void> {
    if (!isDevice(args[0])) await super.writeFile(...args);
    else this.written(args[0], args[1] as string | Uint8Array, args[2]);
  }

  override async appendFile(...args: Parameters<InMemoryFs['appendFile']>): Promise<void> {
    if (!isDevice(args[0])) await super.appendFile(...args);
    else this.written(args[0], args[1] as string | Uint8Array, args[2]);
  }

  /** `cp FILE /dev/null` copies into the device, which drops it; the source must still exist. */
  override async cp(...args: Parameters<InMemoryFs['cp']>): Promise<void> {
    if (!isDevice(args[1])) return super.cp(...args);
    this.written(args[1], await this.readFileBuffer(args[0]), undefined);
  }
}
