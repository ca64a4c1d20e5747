/**
 * The embedded workspace's filesystem: just-bash's `InMemoryFs`, with its byte-string reads made safe
 * for runtimes that have no `Buffer` (browsers, Web Workers, edge workers).
 *
 * Why: the shell's commands (`cat`, `head`, `tail`, `wc`, `md5sum`, ...) read a file through
 * `readFileBytes`, which turns the file's bytes into a latin1 string. Without `Buffer`, just-bash
 * 3.4.2 does that with `String.fromCharCode(...bytes)` over chunks of 65,536 bytes: one call with up to
 * 65,536 arguments, which overflows the smaller stack of a Web Worker from about 63,600 bytes on. The
 * `RangeError` is caught by the command, which reports the file as missing ("No such file or
 * directory") although `ls`, `grep` and `cp` (which read the file another way) see it. Here the same
 * conversion goes in chunks small enough for any stack.
 */
import { InMemoryFs } from 'just-bash';

/** Bytes per `String.fromCharCode` call: arguments live on the stack, so keep them far below 64 Ki. */
const CHUNK_BYTES = 8192;

type ReadFileOptions = Parameters<InMemoryFs['readFile']>[1];
type ByteString = Awaited<ReturnType<InMemoryFs['readFileBytes']>>;

/** `bytes` as a latin1 string (each char one byte), built without large argument lists. */
export function latin1FromByteArray(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    parts.push(String.fromCharCode.apply(null, bytes.subarray(start, start + CHUNK_BYTES) as never));
  }
  return parts.join('');
}

/** `InMemoryFs` whose byte-string reads work on every stack size; everything else is just-bash's. */
export class ByteSafeInMemoryFs extends InMemoryFs {
  override async readFileBytes(path: string): Promise<ByteString> {
    return latin1FromByteArray(await this.readFileBuffer(path)) as unknown as ByteString;
  }

  override async readFile(path: string, options?: ReadFileOptions): Promise<string> {
    const encoding = typeof options === 'string' ? options : options?.encoding;
    if (encoding === 'binary' || encoding === 'latin1') {
      return latin1FromByteArray(await this.readFileBuffer(path));
    }
    if (encoding === 'base64') return btoa(latin1FromByteArray(await this.readFileBuffer(path)));
    return super.readFile(path, options);
  }
}
