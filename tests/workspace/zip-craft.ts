/**
 * Zips written byte by byte for the import's tests, so that an entry can say what its bytes are not:
 * a declared size, a CRC-32, several directory records pointing at the same data. Each entry is
 * deflated by fflate (or stored); the headers are laid out as the zip format has them.
 */
import CRC32 from 'crc-32';
import { deflateSync } from 'fflate';

export interface CraftedEntry {
  name: string;
  content: Uint8Array;
  /** 0 stored, 8 deflated (default). */
  method?: number;
  /** Declared uncompressed size. Default: the content's. */
  size?: number;
  /** Declared CRC-32. Default: the content's. */
  crc?: number;
  /** Directory records that point at this entry's data under other names (sharing its stream). */
  aliases?: string[];
}

const encoder = new TextEncoder();

function header(length: number, fill: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(length);
  fill(new DataView(bytes.buffer));
  return bytes;
}

/** The zip of `entries`, in order, with every declared field as the entry says. */
export function craftZip(entries: readonly CraftedEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  let records = 0;
  for (const entry of entries) {
    const method = entry.method ?? 8;
    const data = method === 8 ? deflateSync(entry.content) : entry.content;
    const crc = entry.crc ?? CRC32.buf(entry.content) >>> 0;
    const size = entry.size ?? entry.content.length;
    const name = encoder.encode(entry.name);
    const local = header(30, (view) => {
      view.setUint32(0, 0x04034b50, true);
      view.setUint16(4, 20, true);
      view.setUint16(6, 0x800, true);
      view.setUint16(8, method, true);
      view.setUint32(14, crc, true);
      view.setUint32(18, data.length, true);
      view.setUint32(22, size, true);
      view.setUint16(26, name.length, true);
    });
    for (const recordName of [entry.name, ...(entry.aliases ?? [])]) {
      const encoded = encoder.encode(recordName);
      const record = header(46, (view) => {
        view.setUint32(0, 0x02014b50, true);
        view.setUint16(4, 20, true);
        view.setUint16(6, 20, true);
        view.setUint16(8, 0x800, true);
        view.setUint16(10, method, true);
        view.setUint32(16, crc, true);
        view.setUint32(20, data.length, true);
        view.setUint32(24, size, true);
        view.setUint16(28, encoded.length, true);
        view.setUint32(42, offset, true);
      });
      central.push(record, encoded);
      records += 1;
    }
    parts.push(local, name, data);
    offset += local.length + name.length + data.length;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const end = header(22, (view) => {
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, records, true);
    view.setUint16(10, records, true);
    view.setUint32(12, centralSize, true);
    view.setUint32(16, offset, true);
  });
  const all = [...parts, ...central, end];
  const zip = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of all) {
    zip.set(part, at);
    at += part.length;
  }
  return zip;
}
