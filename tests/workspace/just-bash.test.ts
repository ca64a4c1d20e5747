/**
 * The embedded just-bash backend: its storage limit, execution limits, timeouts, snapshots, the filesystem
 * without Buffer, and change tracking.
 * Reaches inside: the parts below the Workspace seam (byte-safe-fs.ts, change-tracking.ts, snapshot.ts,
 * HARDENED_FILE_SYSTEM_BYTES) are exported by no entry; they are driven directly, with inputs no Workspace
 * call hands them (a filesystem without its data map, a journal).
 */
import { InMemoryFs } from 'just-bash';
import { describe, expect, it } from 'vitest';
import { WorkspaceError } from '../../src/index.ts';
import { runWorkspaceConformance } from '../../src/testing/index.ts';
import {
  ByteSafeInMemoryFs,
  ByteStrings,
  latin1FromByteArray,
} from '../../src/workspace/just-bash/byte-safe-fs.ts';
import {
  countDeletedFiles,
  restoreJournal,
  trackFileSystem,
} from '../../src/workspace/just-bash/change-tracking.ts';
import { createJustBashWorkspace, EMBEDDED_EXECUTION_LIMITS } from '../../src/workspace/just-bash/index.ts';
import { HARDENED_FILE_SYSTEM_BYTES } from '../../src/workspace/just-bash/just-bash-workspace.ts';
import { takeSnapshot } from '../../src/workspace/just-bash/snapshot.ts';

runWorkspaceConformance({ name: 'just-bash', create: (files) => createJustBashWorkspace({ files }) });

describe('just-bash backend', () => {
  it("names the hardened profile's storage limit when a write does not fit", async () => {
    expect(HARDENED_FILE_SYSTEM_BYTES).toBe(128 * 1024 * 1024);
    const workspace = await createJustBashWorkspace();
    const almost = new Uint8Array(HARDENED_FILE_SYSTEM_BYTES - 1024 * 1024);
    await workspace.writeFile('/workspace/almost.bin', almost);
    const full = await workspace
      .writeFile('/workspace/over.bin', new Uint8Array(2 * 1024 * 1024))
      .catch((caught: unknown) => caught);
    expect(full).toBeInstanceOf(WorkspaceError);
    expect(full).toMatchObject({ code: 'ENOSPC', limitBytes: HARDENED_FILE_SYSTEM_BYTES });
  });
});

describe('just-bash execution limits', () => {
  const lines = Array.from({ length: 60_000 }, (_, index) => `${index % 977} word${index % 13}`);
  const file = `${lines.join('\n')}\n`;

  it('ordinary data work on a 60,000-line file is not stopped for taking many steps', async () => {
    const workspace = await createJustBashWorkspace({
      files: { f: file, small: `${lines.slice(0, 15_000).join('\n')}\n` },
    });
    const run = (command: string) => workspace.exec(command, { timeoutMs: 120_000 });
    const sum = lines.reduce((total, line) => total + Number(line.split(' ')[0]), 0);
    expect(await run("awk '{s+=$1} END{print s}' f")).toMatchObject({ exitCode: 0, output: `${sum}\n` });
    expect(await run("cut -d' ' -f2 f | sort | uniq -c | head -1")).toMatchObject({
      exitCode: 0,
      output: '   4616 word0\n', // GNU's %7d
    });
    expect(await run('seq 1 250000 | wc -l')).toMatchObject({ exitCode: 0, output: '250000\n' });
    // 15,000 lines: two commands a line is past the old 10,000-command cap, and quick enough here.
    expect(await run('n=0; while read -r l; do n=$((n+1)); done < small; echo $n')).toMatchObject({
      exitCode: 0,
      output: '15000\n',
    });
  }, 120_000);

  it('printf and echo -e write the bytes of their escapes around 2 MB of text, byte for byte', async () => {
    const workspace = await createJustBashWorkspace({ files: { big: `${'é'.repeat(1_000_000)}\n` } });
    const run = (command: string) => workspace.exec(command, { timeoutMs: 120_000 });
    // 2,000,000 bytes of é, then ff (printf) or ff and a newline (echo): escaped-bytes.ts's byte path.
    expect(await run('printf \'%s\\xff\' "$(cat big)" | wc -c')).toMatchObject({
      exitCode: 0,
      output: '2000001\n',
    });
    expect(await run('echo -e "$(cat big)\\0377" | tail -c 2 | od -An -tx1')).toMatchObject({
      exitCode: 0,
      output: ' ff 0a\n',
    });
  }, 120_000);

  it('documents its step limits: far above what the longest timeout allows', () => {
    expect(EMBEDDED_EXECUTION_LIMITS).toMatchObject({
      maxCommandCount: 1_000_000_000,
      maxLoopIterations: 1_000_000_000,
      maxAwkIterations: 1_000_000_000,
      maxArrayElements: 1_000_000,
    });
  });
});

describe('just-bash timeouts', () => {
  it('a built-in that holds the thread past the deadline is reported as a timeout, not as its own error', async () => {
    const workspace = await createJustBashWorkspace();
    // One sed over an 8 MB line: no command or loop step in which to notice the deadline.
    const freeze =
      'x=abcdefgh; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do x=$x$x; done; ' +
      'echo "$x" | sed -E "s/(a|b|c|d|e|f|g|h)+z//" | wc -c';
    const result = await workspace.exec(freeze, { timeoutMs: 300 });
    expect(result).toMatchObject({ exitCode: 124, timedOut: true, aborted: false });
    expect(result.output).not.toContain('execution deadline');
  }, 60_000);
});

describe('just-bash snapshots', () => {
  it('snapshots before every command, and not at all when turned off', async () => {
    const workspace = await createJustBashWorkspace({ files: { 'a.txt': 'a', 'b.txt': 'b' } });
    expect((await workspace.exec('echo hi > c.txt; cat a.txt')).deletedFiles).toBe(0);
    expect((await workspace.exec('rm -f missing.txt')).deletedFiles).toBe(0);
    expect((await workspace.exec('echo a.txt | xargs rm')).deletedFiles).toBe(1);
    expect((await workspace.exec('/bin/rm b.txt')).deletedFiles).toBe(1);
    await expect(workspace.restoreSnapshot?.()).resolves.toEqual({ files: 2, directories: 0 });
    expect(new TextDecoder().decode(await workspace.readFile('/workspace/b.txt'))).toBe('b');

    const off = await createJustBashWorkspace({ files: { 'a.txt': 'a' }, snapshots: false });
    expect((await off.exec('rm a.txt')).deletedFiles).toBeUndefined();
    await expect(off.restoreSnapshot?.()).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('just-bash filesystem without Buffer', () => {
  it('reads bytes as latin1 and base64 exactly as just-bash does, in chunks any stack can take', async () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 7) % 256);
    const safe = new ByteSafeInMemoryFs();
    const plain = new InMemoryFs();
    for (const fs of [safe, plain]) {
      await fs.writeFile('/big.bin', bytes);
      await fs.writeFile('/empty.bin', new Uint8Array());
    }
    for (const path of ['/big.bin', '/empty.bin']) {
      for (const encoding of ['binary', 'latin1', 'base64', 'utf8'] as const) {
        expect(await safe.readFile(path, encoding)).toBe(await plain.readFile(path, encoding));
        expect(await safe.readFile(path, { encoding })).toBe(await plain.readFile(path, { encoding }));
      }
      expect(await safe.readFileBytes(path)).toBe(await plain.readFileBytes(path));
    }
    expect(latin1FromByteArray(bytes).length).toBe(70_000);
    expect(latin1FromByteArray(bytes).charCodeAt(69_999)).toBe((69_999 * 7) % 256);
  });

  it('keeps the conversion of a large content, never past an overwrite, within its bound', async () => {
    const converted: number[] = [];
    const strings = new ByteStrings(4, 20, (content) => {
      converted.push(content.length);
      return latin1FromByteArray(content);
    });
    const [small, a, b, c] = [3, 8, 8, 8].map((length, at) => new Uint8Array(length).fill(65 + at));
    for (const content of [small, small, a, a, b, a, c, b]) strings.of(content as Uint8Array);
    // small: below the size kept, converted at each read; a, b: once each; c pushes out the least
    // recently read (b, since a was read after it), so b is converted again.
    expect(converted).toEqual([3, 3, 8, 8, 8, 8]);
    expect(strings.of(a as Uint8Array)).toBe('BBBBBBBB');

    const fs = new ByteSafeInMemoryFs();
    await fs.writeFile('/log.txt', 'x'.repeat(100_000));
    expect(String(await fs.readFileBytes('/log.txt')).length).toBe(100_000);
    await fs.writeFile('/log.txt', 'é'.repeat(50_000));
    expect(await fs.readFile('/log.txt', 'latin1')).toBe('\u00c3\u00a9'.repeat(50_000));
    await fs.appendFile('/log.txt', 'z');
    expect(String(await fs.readFileBytes('/log.txt')).slice(-2)).toBe('\u00a9z');
  });

  it("decodes through the runtime's windows-1252 decoder when that is exact, and in chunks when it is not", () => {
    const every = Uint8Array.from({ length: 256 * 300 }, (_, index) => index % 256);
    const expected = Array.from(every, (byte) => String.fromCharCode(byte)).join('');
    // Node's decoder maps every byte to itself; a browser's maps 0x80 to the euro sign, as this one.
    const browserLike = {
      decode: (input?: AllowSharedBufferSource) =>
        new TextDecoder('latin1').decode(input).replaceAll('\u0080', '\u20ac'),
    };
    let calls = 0;
    const counting = {
      decode: (input?: AllowSharedBufferSource) => {
        calls += 1;
        return new TextDecoder('latin1').decode(input);
      },
    };
    expect(latin1FromByteArray(every, browserLike)).toBe(expected);
    expect(latin1FromByteArray(every, counting)).toBe(expected);
    expect(calls).toBe(1);
    expect(latin1FromByteArray(every, null)).toBe(expected);
    expect(
      latin1FromByteArray(
        every.filter((byte) => byte < 0x80 || byte > 0x9f),
        browserLike,
      ),
    ).toBe(expected.replace(/[\u0080-\u009f]/g, ''));
  });
});

/** The same filesystem without its `data` map, as another just-bash version might be. */
function withoutIndex(fs: InMemoryFs): InMemoryFs {
  return new Proxy(fs, {
    get: (target, key) => {
      if (key === 'data') return undefined;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A tree under /w with a mode, a symlink, binary bytes and a file outside the root. */
async function trackedTree(inner: InMemoryFs) {
  await inner.mkdir('/w/src/lib', { recursive: true });
  await inner.writeFile('/w/src/a.ts', 'a');
  await inner.writeFile('/w/src/lib/b.bin', new Uint8Array([0, 255]));
  await inner.writeFile('/w/gone.txt', 'g');
  await inner.writeFile('/w/becomes-dir', 'x');
  await inner.writeFile('/outside.txt', 'o');
  await inner.symlink('src/a.ts', '/w/link');
  await inner.chmod('/w/src/a.ts', 0o755);
}

/** Every entry under /w with its bytes as numbers, comparable with toEqual. */
async function treeOf(fs: InMemoryFs) {
  const snapshot = await takeSnapshot(fs, '/w');
  return new Map(
    [...snapshot].map(([path, entry]) => [
      path,
      entry.type === 'file' ? { ...entry, content: [...new Uint8Array(entry.content as Uint8Array)] } : entry,
    ]),
  );
}

describe('just-bash change tracking', () => {
  for (const [name, index] of [
    ['over the entry index', true],
    ['through the public filesystem API', false],
  ] as const) {
    it(`counts deletions and puts every touched path back, ${name}`, async () => {
      const inner = new InMemoryFs();
      await trackedTree(inner);
      const { fs, tracker } = trackFileSystem(index ? inner : withoutIndex(inner), '/w');
      const before = await treeOf(inner);
      const journal = tracker.openJournal();
      await fs.rm('/w/gone.txt');
      await fs.rm('/w/link');
      await fs.rm('/w/becomes-dir');
      await fs.mkdir('/w/becomes-dir');
      await fs.writeFile('/w/src/a.ts', '');
      await fs.mv('/w/src/lib', '/w/moved/lib');
      await fs.writeFile('/w/new/deep/c.txt', 'c');
      await fs.chmod('/w/src', 0o700);
      await fs.writeFile('/outside.txt', 'changed');
      // gone.txt, link, becomes-dir (now a directory) and lib/b.bin (moved away).
      expect(await countDeletedFiles(tracker, journal)).toBe(4);
      // Only what was touched is in the journal; nothing outside the root.
      expect([...journal.keys()].sort()).toEqual([
        '/w/becomes-dir',
        '/w/gone.txt',
        '/w/link',
        '/w/moved',
        '/w/moved/lib',
        '/w/moved/lib/b.bin',
        '/w/new',
        '/w/new/deep',
        '/w/new/deep/c.txt',
        '/w/src',
        '/w/src/a.ts',
        '/w/src/lib',
        '/w/src/lib/b.bin',
      ]);
      tracker.closeJournal(journal);
      await expect(restoreJournal(fs, tracker, journal)).resolves.toEqual({ files: 5, directories: 2 });
      expect(await treeOf(inner)).toEqual(before);
      expect(await inner.readFile('/outside.txt')).toBe('changed');
    });
  }

  it('reads only the paths a change touches, whatever the size of the tree', async () => {
    const inner = new InMemoryFs();
    for (let index = 0; index < 10_000; index++) {
      await inner.writeFile(`/w/d${index % 100}/f${index}.txt`, 'x');
    }
    const reads = { lstat: 0, readFileBuffer: 0, getAllPaths: 0 };
    const counted = new Proxy(withoutIndex(inner), {
      get: (target, key) => {
        const value = Reflect.get(target, key, target);
        if (typeof key !== 'string' || !(key in reads)) return value;
        return (...args: unknown[]) => {
          reads[key as keyof typeof reads] += 1;
          return (value as (...args: unknown[]) => unknown)(...args);
        };
      },
    });
    const { fs, tracker } = trackFileSystem(counted, '/w');
    const journal = tracker.openJournal();
    const log = tracker.openLog();
    await fs.writeFile('/w/d1/f1.txt', 'changed');
    await fs.writeFile('/w/new/a.txt', 'a');
    await fs.chmod('/w/d2/f2.txt', 0o600);
    expect(await countDeletedFiles(tracker, journal)).toBe(0);
    expect((await log.changes()).length).toBe(4);
    // f1.txt, new/ (missing, then created), new/a.txt, f2.txt: a handful of calls, not 10,000.
    expect(reads.getAllPaths).toBe(0);
    expect(reads.lstat + reads.readFileBuffer).toBeLessThan(30);
  });

  it('lists what changed since the mark, one entry per path, and keeps what changed after a list', async () => {
    const inner = new InMemoryFs();
    await trackedTree(inner);
    const { fs, tracker } = trackFileSystem(inner, '/w');
    const log = tracker.openLog();
    await fs.writeFile('/w/src/a.ts', 'new');
    await fs.appendFile('/w/src/a.ts', 'er');
    await fs.rm('/w/gone.txt');
    await fs.writeFile('/w/tmp.txt', 't');
    await fs.rm('/w/tmp.txt');
    await fs.chmod('/w/src/lib/b.bin', 0o600);
    await fs.symlink('a.ts', '/w/src/l2');
    await fs.writeFile('/outside.txt', 'not listed');
    const changes = await log.changes();
    expect(changes).toEqual([
      { path: '/w/gone.txt', kind: 'removed' },
      { path: '/w/src/a.ts', kind: 'written', type: 'file' },
      { path: '/w/src/l2', kind: 'created', type: 'symlink' },
      { path: '/w/src/lib/b.bin', kind: 'mode', type: 'file' },
    ]);
    // Changed again after the list was made: still listed after the mark.
    await fs.writeFile('/w/src/a.ts', 'again');
    log.mark(changes);
    expect(await log.changes()).toEqual([{ path: '/w/src/a.ts', kind: 'written', type: 'file' }]);
    log.mark();
    expect(await log.changes()).toEqual([]);
    log.close();
    await fs.writeFile('/w/after-close.txt', 'x');
    expect(await log.changes()).toEqual([]);
  });
});
