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
 *
 * The conversion of a large file is kept (see {@link ByteStrings}): it costs some 10 ms per 5 MB where
 * Node's `Buffer`, which just-bash uses when it can, takes 1, and a session reads the same file again
 * and again (`wc -l`, then `grep`, then `tail`). A file's content array is never changed in place (a
 * write stores a new one), so a conversion kept for the array is the file's as long as it holds it.
 */
import type { InMemoryFs } from 'just-bash';
import { ListedInMemoryFs } from './listed-fs.ts';

/** Bytes per `String.fromCharCode` call: arguments live on the stack, so keep them far below 64 Ki. */
const CHUNK_BYTES = 8192;

/**
 * The runtime's decoder for the WHATWG label `latin1`, which is windows-1252: the same as latin1
 * except for bytes 0x80 to 0x9F, most of which it maps above U+00FF (Node's decodes them as latin1).
 * `null` where the runtime has none.
 */
let windows1252: TextDecoder | null | undefined;

/** Any character above U+00FF: a byte the decoder did not map to itself. */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

type ReadFileOptions = Parameters<InMemoryFs['readFile']>[1];
type ByteString = Awaited<ReturnType<InMemoryFs['readFileBytes']>>;

/**
 * `bytes` as a latin1 string (each char one byte), built without large argument lists. The runtime's
 * windows-1252 decoder does it in native code, about ten times faster than the chunks below (a 4 MB
 * file: 9 ms against 90 ms); its result is exact unless it holds a character above U+00FF, which only
 * a byte from 0x80 to 0x9F decodes to (the five it leaves undefined it maps to themselves), and then
 * the chunks are used.
 */
export function latin1FromByteArray(
  bytes: Uint8Array,
  decoder: Pick<TextDecoder, 'decode'> | null = sharedDecoder(),
): string {
  if (decoder) {
    const decoded = decoder.decode(bytes);
    if (!BEYOND_LATIN1.test(decoded)) return decoded;
  }
  return latin1InChunks(bytes);
}

function sharedDecoder(): TextDecoder | null {
  windows1252 ??= newWindows1252Decoder();
  return windows1252;
}

function newWindows1252Decoder(): TextDecoder | null {
  try {
    return new TextDecoder('latin1');
  } catch {
    return null;
  }
}

/** {@link latin1FromByteArray} by `String.fromCharCode` over chunks that fit any stack. */
function latin1InChunks(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    parts.push(String.fromCharCode.apply(null, bytes.subarray(start, start + CHUNK_BYTES) as never));
  }
  return parts.join('');
}

/** Contents below this size are converted at every read: it costs less than keeping them. */
const KEPT_FROM_BYTES = 64 * 1024;
/** The most the kept conversions add up to; the least recently read go first. */
const KEPT_AT_MOST_BYTES = 32 * 1024 * 1024;

/**
 * Latin1 strings of file contents, by content array, the most recently read last. The arrays are held
 * too (a `Map`, so the oldest can be found): an overwritten file's old content stays alive until its
 * conversion is dropped, within the same bound.
 */
export class ByteStrings {
  private readonly kept = new Map<Uint8Array, string>();
  private bytes = 0;

  constructor(
    private readonly fromBytes: number = KEPT_FROM_BYTES,
    private readonly atMostBytes: number = KEPT_AT_MOST_BYTES,
    private readonly convert: (content: Uint8Array) => string = latin1FromByteArray,
  ) {}

  of(content: Uint8Array): string {
    if (content.length < this.fromBytes || content.length > this.atMostBytes) return this.convert(content);
    const known = this.kept.get(content);
    if (known !== undefined) {
      this.kept.delete(content);
      this.kept.set(content, known);
      return known;
    }
    const text = this.convert(content);
    this.kept.set(content, text);
    this.bytes += content.length;
    for (const [oldest] of this.kept) {
      if (this.bytes <= this.atMostBytes) break;
      this.kept.delete(oldest);
      this.bytes -= oldest.length;
    }
    return text;
  }
}

/**
 * `InMemoryFs` whose byte-string reads work on every stack size, with listings that cost the directory's
 * size (listed-fs.ts); everything else is just-bash's.
 */
export class ByteSafeInMemoryFs extends ListedInMemoryFs {
  private readonly byteStrings = new ByteStrings();

  override async readFileBytes(path: string): Promise<ByteString> {
    return this.latin1Of(path, await this.readFileBuffer(path)) as unknown as ByteString;
  }

  override async readFile(path: string, options?: ReadFileOptions): Promise<string> {
    const encoding = typeof options === 'string' ? options : options?.encoding;
    if (encoding === 'binary' || encoding === 'latin1') {
      return this.latin1Of(path, await this.readFileBuffer(path));
    }
    if (encoding === 'base64') return btoa(this.latin1Of(path, await this.readFileBuffer(path)));
    return super.readFile(path, options);
  }

  /**
   * The content read at `path` as a latin1 string, kept when large. A subclass whose `readFileBuffer`
   * makes a new array at every read of some path (a device) converts those without keeping them.
   */
  protected latin1Of(_path: string, content: Uint8Array): string {
    return this.byteStrings.of(content);
  }
}
