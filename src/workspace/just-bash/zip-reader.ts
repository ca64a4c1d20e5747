/**
 * Reading a zip for an import without trusting what it says: its central directory lists the entries
 * (name, declared size, CRC-32, where the data starts), and each entry is inflated with fflate's
 * streaming `Inflate` in small slices, counting the bytes that really come out, so an entry that lies
 * about its size is stopped at its declared size (or at the import's budget) instead of being inflated
 * whole. Each entry's CRC-32 (crc-32) is computed slice by slice and checked against the directory's.
 * The work (directory records, slices, bytes) is counted on the import's pacer, which gives the thread
 * back between slices and between entries (`./import-pacer.ts`). Two entries whose data overlap (one
 * deflate stream listed several times) are refused. fflate reads zips whole or streams them by their
 * local headers, and neither gives the directory's CRC or data offsets, so those few fields are read
 * here; inflating is fflate's. Imports fflate, crc-32 and `./import-pacer.ts`.
 */
import CRC32 from 'crc-32';
import { Inflate, strFromU8 } from 'fflate';
import { ENTRY_UNITS, type ImportPacer } from './import-pacer.ts';

/** One entry of the central directory, as declared. */
export interface ZipEntry {
  name: string;
  directory: boolean;
  /** A symbolic link, by its Unix mode (zips made on Unix can hold them). */
  symlink: boolean;
  /** 0 stored, 8 deflated; anything else is not read. */
  method: number;
  encrypted: boolean;
  crc: number;
  compressedSize: number;
  /** The size the directory declares. */
  size: number;
  /** Where the entry's compressed data starts in the zip. */
  dataStart: number;
}

/** Why a zip cannot be read (the import says it and writes nothing). */
export class ZipReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipReadError';
  }
}

/**
 * Compressed bytes handed to the inflater at once, at least and at most. A slice inflates to at most
 * about 1,032 times its size (deflate's best ratio), so a stream that compresses that well is pushed
 * in the smallest slices, each inflating to about {@link SLICE_OUTPUT_TARGET}; text (about 3:1) in the
 * largest, since each push costs a copy of the inflater's 32 KiB window besides its bytes.
 */
const MIN_SLICE_BYTES = 256;
const MAX_SLICE_BYTES = 4 * 1024;
/** What one push should inflate to: the next slice is sized from the last one's ratio to aim at it. */
const SLICE_OUTPUT_TARGET = 256 * 1024;
/** The work of one push beyond the bytes it inflates (the window copy), in the pacer's units. */
const PUSH_UNITS = 4 * 1024;
/** Bytes of a stored entry checked between two counts on the pacer. */
const STORED_SLICE_BYTES = 64 * 1024;

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

/**
 * The entries of `zip`'s central directory, in its order. Throws {@link ZipReadError}. A directory
 * lists up to 65,535 records, each counted on `pacer`.
 */
export async function readZipDirectory(zip: Uint8Array, pacer: ImportPacer): Promise<ZipEntry[]> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = findEndRecord(view);
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  let offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === ZIP64_MARK || size === ZIP64_MARK) {
    throw new ZipReadError('it is a ZIP64 archive, which imports do not read');
  }
  if (offset + size > end) throw new ZipReadError('its central directory is outside the file');
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    const entry = readCentralEntry(zip, view, offset);
    entries.push(entry.entry);
    await pacer.spend(ENTRY_UNITS + entry.next - offset);
    offset = entry.next;
  }
  refuseOverlaps(entries);
  return entries;
}

function findEndRecord(view: DataView): number {
  // The end record is 22 bytes, after which a comment of up to 65,535 bytes may follow.
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - 65_535; at -= 1) {
    if (view.getUint32(at, true) === END_SIGNATURE) return at;
  }
  throw new ZipReadError('invalid zip data');
}

function readCentralEntry(zip: Uint8Array, view: DataView, at: number): { entry: ZipEntry; next: number } {
  if (at + 46 > view.byteLength || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
    throw new ZipReadError('its central directory is damaged');
  }
  const flags = view.getUint16(at + 8, true);
  const nameLength = view.getUint16(at + 28, true);
  const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  if (next > view.byteLength) throw new ZipReadError('its central directory is damaged');
  // Bit 11: the name is UTF-8; otherwise it is read byte for byte, as fflate reads it.
  const name = strFromU8(zip.subarray(at + 46, at + 46 + nameLength), (flags & 0x800) === 0);
  const compressedSize = view.getUint32(at + 20, true);
  const size = view.getUint32(at + 24, true);
  const localOffset = view.getUint32(at + 42, true);
  if (compressedSize === ZIP64_MARK || size === ZIP64_MARK || localOffset === ZIP64_MARK) {
    throw new ZipReadError('it is a ZIP64 archive, which imports do not read');
  }
  const mode = view.getUint32(at + 38, true) >>> 16;
  const entry: ZipEntry = {
    name,
    directory: name.endsWith('/'),
    symlink: view.getUint16(at + 4, true) >>> 8 === 3 && (mode & 0o170000) === 0o120000,
    method: view.getUint16(at + 10, true),
    encrypted: (flags & 1) === 1,
    crc: view.getUint32(at + 16, true),
    compressedSize,
    size,
    dataStart: localDataStart(view, localOffset, compressedSize, name),
  };
  return { entry, next };
}

function localDataStart(view: DataView, at: number, compressedSize: number, name: string): number {
  if (at + 30 > view.byteLength || view.getUint32(at, true) !== LOCAL_SIGNATURE) {
    throw new ZipReadError(`the entry ${JSON.stringify(name)} points at no local header`);
  }
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + compressedSize > view.byteLength) {
    throw new ZipReadError(`the data of the entry ${JSON.stringify(name)} runs past the end of the file`);
  }
  return start;
}

/** Refuses a zip whose entries share compressed data: each would inflate the same stream again. */
function refuseOverlaps(entries: readonly ZipEntry[]): void {
  const ranges = entries
    .filter((entry) => entry.compressedSize > 0)
    .map((entry) => ({
      start: entry.dataStart,
      end: entry.dataStart + entry.compressedSize,
      name: entry.name,
    }))
    .sort((a, b) => a.start - b.start);
  for (let index = 1; index < ranges.length; index += 1) {
    const previous = ranges[index - 1] as (typeof ranges)[number];
    const range = ranges[index] as (typeof ranges)[number];
    if (range.start < previous.end) {
      throw new ZipReadError(
        `the entries ${JSON.stringify(previous.name)} and ${JSON.stringify(range.name)} share their compressed data`,
      );
    }
  }
}

/** What inflating may use: the bytes still allowed by the import's budget. */
export interface InflateBudget {
  /** Bytes the import may still hold; inflating past it stops with {@link BudgetExceeded}. */
  remaining: number;
}

/** Inflating went past the import's budget (the import names the limit). */
export class BudgetExceeded extends Error {
  constructor() {
    super('over the import budget');
    this.name = 'BudgetExceeded';
  }
}

/**
 * The bytes of a stored or deflated entry, inflated in slices counted on `pacer`. Stops as soon as
 * more comes out than the entry declares (a {@link ZipReadError}) or than the budget allows
 * ({@link BudgetExceeded}), and checks the size and the CRC-32 at the end. The CRC-32 is computed and
 * the bytes are put together as they come, so no step at the end goes over the whole entry at once.
 */
export async function inflateEntry(
  zip: Uint8Array,
  entry: ZipEntry,
  budget: InflateBudget,
  pacer: ImportPacer,
): Promise<Uint8Array> {
  const compressed = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  const limit = Math.min(entry.size, budget.remaining);
  const stored = entry.method === 0;
  // A stored entry's bytes are the zip's own. An inflated one's first chunk is kept as it is (a small
  // entry comes in one); from a second on, each is copied where it ends as it comes.
  let first: Uint8Array | undefined;
  let out: Uint8Array | undefined;
  let produced = 0;
  let crc = 0;
  const take = (chunk: Uint8Array): void => {
    const at = produced;
    produced += chunk.length;
    if (produced > entry.size) throw lyingSize(entry);
    if (produced > limit) throw new BudgetExceeded();
    crc = CRC32.buf(chunk, crc);
    if (stored) return;
    if (first === undefined) {
      first = chunk;
      return;
    }
    if (out === undefined) {
      out = new Uint8Array(limit);
      out.set(first);
    }
    out.set(chunk, at);
  };
  await pacer.spend(ENTRY_UNITS);
  if (stored) await takeStored(compressed, take, pacer);
  else await inflateSlices(compressed, take, entry.name, pacer);
  if (produced !== entry.size) {
    throw new ZipReadError(
      `the entry ${JSON.stringify(entry.name)} holds ${produced} bytes, not the ${entry.size} its directory declares`,
    );
  }
  if (crc >>> 0 !== entry.crc) {
    throw new ZipReadError(`the entry ${JSON.stringify(entry.name)} is damaged (its CRC-32 does not match)`);
  }
  budget.remaining -= produced;
  return stored ? compressed : (out ?? first ?? new Uint8Array(0));
}

/** A stored entry's bytes, checked in slices so that a large one gives the thread back too. */
async function takeStored(
  stored: Uint8Array,
  take: (chunk: Uint8Array) => void,
  pacer: ImportPacer,
): Promise<void> {
  for (let at = 0; at < stored.length; at += STORED_SLICE_BYTES) {
    const slice = stored.subarray(at, at + STORED_SLICE_BYTES);
    take(slice);
    await pacer.spend(slice.length);
  }
}

async function inflateSlices(
  compressed: Uint8Array,
  take: (chunk: Uint8Array) => void,
  name: string,
  pacer: ImportPacer,
): Promise<void> {
  let pushed = 0;
  const inflater = new Inflate((chunk) => {
    pushed += chunk.length;
    take(chunk);
  });
  let slice = MIN_SLICE_BYTES;
  for (let at = 0; ; ) {
    const end = Math.min(compressed.length, at + slice);
    pushed = 0;
    try {
      inflater.push(compressed.subarray(at, end), end === compressed.length);
    } catch (error) {
      if (error instanceof ZipReadError || error instanceof BudgetExceeded) throw error;
      throw new ZipReadError(`the entry ${JSON.stringify(name)} is damaged (${(error as Error).message})`);
    }
    await pacer.spend(PUSH_UNITS + pushed);
    if (end === compressed.length) return;
    const ratio = Math.max(1, pushed / (end - at));
    slice = Math.min(MAX_SLICE_BYTES, Math.max(MIN_SLICE_BYTES, Math.floor(SLICE_OUTPUT_TARGET / ratio)));
    at = end;
  }
}

function lyingSize(entry: ZipEntry): ZipReadError {
  return new ZipReadError(
    `the entry ${JSON.stringify(entry.name)} inflates to more than the ${entry.size} bytes its directory declares`,
  );
}
