/**
 * The stored form of a persisted workspace, read back field by field: damage of any one field (a
 * negative or fractional size, a bad mode, an unknown type, a duplicate path, bytes left over, a
 * header that is not JSON) refuses the whole tree with a sentence naming the entry and the field, and a
 * persisted workspace then starts from its initial files without restoring any of it.
 * Reaches inside: encodeTree, decodeTree and the Snapshot type (src/workspace/just-bash/persisted-tree.ts,
 * snapshot.ts) are exported by no entry; each damaged field is written into the encoded bytes directly.
 */
import { describe, expect, it } from 'vitest';
import { createJustBashWorkspace, type PersistStatus } from '../../src/workspace/just-bash/index.ts';
import { decodeTree, encodeTree } from '../../src/workspace/just-bash/persisted-tree.ts';
import type { Snapshot } from '../../src/workspace/just-bash/snapshot.ts';

const encoder = new TextEncoder();

/** Stored bytes with `entries` as the header and `data` after it. */
function stored(entries: unknown, data: Uint8Array = new Uint8Array()): Uint8Array {
  const header = encoder.encode(typeof entries === 'string' ? entries : JSON.stringify({ entries }));
  const out = new Uint8Array(8 + header.length + data.length);
  out.set(encoder.encode('BAW1'));
  new DataView(out.buffer).setUint32(4, header.length, true);
  out.set(header, 8);
  out.set(data, 8 + header.length);
  return out;
}

const file = (path: string, size: unknown, mode: unknown = 0o644) => ({ path, type: 'file', mode, size });

describe('decodeTree refuses damaged data whole', () => {
  it('reads back what encodeTree wrote', () => {
    const snapshot: Snapshot = new Map([
      ['/w', { type: 'directory', mode: 0o755 }],
      ['/w/a.txt', { type: 'file', mode: 0o644, content: encoder.encode('hello') }],
      ['/w/l', { type: 'symlink', target: 'a.txt' }],
    ]);
    expect(decodeTree(encodeTree(snapshot, '/w'), '/w')).toEqual(snapshot);
  });

  const cases: [string, Uint8Array, string][] = [
    [
      'a negative size',
      stored([file('a.txt', -4)], encoder.encode('abcd')),
      'the stored entry 1 ("a.txt") has an invalid size.',
    ],
    [
      'a fractional size',
      stored([file('a.txt', 1.5)], encoder.encode('ab')),
      'the stored entry 1 ("a.txt") has an invalid size.',
    ],
    [
      'a size as text',
      stored([file('a.txt', '2')], encoder.encode('ab')),
      'the stored entry 1 ("a.txt") has an invalid size.',
    ],
    [
      'a mode out of range',
      stored([file('a.txt', 0, -1)]),
      'the stored entry 1 ("a.txt") has an invalid mode.',
    ],
    [
      'an unknown type',
      stored([{ path: 'x', type: 'fifo' }]),
      'the stored entry 1 ("x") has an invalid type.',
    ],
    [
      'an empty path',
      stored([{ path: '', type: 'directory', mode: 0o755 }]),
      'the stored entry 1 ("") has an invalid path.',
    ],
    [
      'a path that is no string',
      stored([{ path: 7, type: 'directory', mode: 0o755 }]),
      'the stored entry 1 has an invalid path.',
    ],
    ['an entry that is no object', stored([null]), 'the stored entry 1 has an invalid path.'],
    [
      'an empty symlink target',
      stored([{ path: 'l', type: 'symlink', target: '' }]),
      'the stored entry 1 ("l") has an invalid symlink target.',
    ],
    [
      'the same path twice',
      stored([file('a.txt', 1), file('a.txt', 1)], encoder.encode('ab')),
      'the stored entry "a.txt" appears twice.',
    ],
    [
      'bytes after the last file',
      stored([file('a.txt', 1)], encoder.encode('ab')),
      'the stored data has 1 bytes after its last file.',
    ],
    ['a header that is not JSON', stored('{"entries": ['), 'the stored header is not JSON.'],
    ['sizes past the end', stored([file('a.txt', 5)], encoder.encode('ab')), 'the stored data is truncated.'],
  ];
  it.each(cases)('%s', (_, bytes, message) => {
    expect(() => decodeTree(bytes, '/w')).toThrow(message);
  });
});

describe('a persisted workspace with damaged data', () => {
  it('restores none of it and says why', async () => {
    const bytes = stored(
      [file('good.txt', 4), { path: 'dir', type: 'directory', mode: 0o755 }, file('bad.txt', -12)],
      encoder.encode('good'),
    );
    const data = new Map([['k', bytes]]);
    const statuses: PersistStatus[] = [];
    const workspace = await createJustBashWorkspace({
      files: { 'initial.txt': 'i' },
      persist: {
        key: 'k',
        locks: null,
        storage: {
          label: 'the test storage',
          read: async (key) => data.get(key),
          write: async (key, value) => void data.set(key, value),
          remove: async (key) => void data.delete(key),
        },
        onStatus: (status) => statuses.push(status),
      },
    });
    expect(statuses[0]?.message).toBe(
      'The workspace saved under "k" in the test storage could not be read (the stored entry 3 ("bad.txt") has an invalid size.); it starts from its initial files and does not save, so the saved data stays as it is. Use another key, or remove that one.',
    );
    expect((await workspace.readdir('/workspace')).map((entry) => entry.name)).toEqual(['initial.txt']);
    await workspace.dispose?.();
  });
});
