/**
 * `/dev/zero` and `/dev/null` of the embedded workspace, read and written as devices.
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
 * Imports just-bash, byte-safe-fs.ts and workspace.ts.
 */
import type { InMemoryFs } from 'just-bash';
import { normalizePosix } from '../workspace.ts';
import { ByteSafeInMemoryFs, latin1FromByteArray } from './byte-safe-fs.ts';

type ReadFileOptions = Parameters<InMemoryFs['readFile']>[1];
type WriteArguments = Parameters<InMemoryFs['writeFile']>;

const DEVICES = new Set(['/dev/null', '/dev/zero']);

function isDevice(path: string): boolean {
  return path.startsWith('/dev/') && DEVICES.has(normalizePosix(path));
}

/** {@link ByteSafeInMemoryFs} whose `/dev/null` and `/dev/zero` behave as the devices do. */
export class DeviceInMemoryFs extends ByteSafeInMemoryFs {
  /**
   * How many bytes a read of `/dev/zero` gives: set, once the shell exists, to one more than its
   * output limit. Until then (no command has run), none.
   */
  zeroBytes = 0;

  override async readFileBuffer(path: string): Promise<Uint8Array> {
    if (!isDevice(path)) return super.readFileBuffer(path);
    return new Uint8Array(normalizePosix(path) === '/dev/zero' ? this.zeroBytes : 0);
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
  }

  override async appendFile(...args: Parameters<InMemoryFs['appendFile']>): Promise<void> {
    if (!isDevice(args[0])) await super.appendFile(...args);
  }

  /** `cp FILE /dev/null` copies into the device, which drops it; the source must still exist. */
  override async cp(...args: Parameters<InMemoryFs['cp']>): Promise<void> {
    if (!isDevice(args[1])) return super.cp(...args);
    await this.stat(args[0]);
  }
}
