/**
 * Imports of zips and folders that lie, collide or fail half way: an entry that inflates past its
 * declared size, directory records sharing one stream, a wrong CRC-32, paths over the tools' limits,
 * duplicates, reserved names, entries under a symlink or a file, and a write that fails mid-import.
 * Every refusal writes nothing and every entry left out is named with its reason, word for word.
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type Workspace, WorkspaceError } from '../../src/index.ts';
import { createJustBashWorkspace, importFiles, importZip } from '../../src/workspace/just-bash/index.ts';
import { craftZip } from './zip-craft.ts';

const text = (value: string): Uint8Array => strToU8(value);
const listAll = async (workspace: Workspace): Promise<string> =>
  (await workspace.exec('find . | sort')).output;
const source = (path: string, content: string) => {
  const bytes = text(content);
  return { path, size: bytes.length, bytes: async () => bytes };
};

describe('importZip: entries that lie', () => {
  it('an entry declaring 10 bytes that inflates to 100 MB is stopped at its declared size; nothing is written', {
    timeout: 120_000,
  }, async () => {
    const zip = craftZip([
      { name: 'ok.txt', content: text('fine\n') },
      { name: 'bomb.bin', content: new Uint8Array(100 * 1024 * 1024), size: 10 },
    ]);
    expect(zip.length).toBeLessThan(200 * 1024);
    const workspace = await createJustBashWorkspace();
    await expect(importZip(workspace, zip)).rejects.toThrow(
      'The zip cannot be imported: the entry "bomb.bin" inflates to more than the 10 bytes its directory declares. Nothing was imported.',
    );
    expect(await workspace.readdir('/workspace')).toEqual([]);
  });

  it('six directory records sharing one deflate stream are refused before anything is inflated', {
    timeout: 60_000,
  }, async () => {
    const zip = craftZip([
      {
        name: 'a.bin',
        content: new Uint8Array(10 * 1024 * 1024),
        aliases: ['b.bin', 'c.bin', 'd.bin', 'e.bin', 'f.bin'],
      },
    ]);
    const workspace = await createJustBashWorkspace();
    await expect(importZip(workspace, zip)).rejects.toThrow(
      'The file is not a zip that can be read (the entries "a.bin" and "b.bin" share their compressed data); nothing was imported.',
    );
    expect(await workspace.readdir('/workspace')).toEqual([]);
  });

  it('a wrong CRC-32, or fewer bytes than declared, refuses the zip', async () => {
    const workspace = await createJustBashWorkspace();
    await expect(
      importZip(workspace, craftZip([{ name: 'a.txt', content: text('abc'), crc: 1 }])),
    ).rejects.toThrow(
      'The zip cannot be imported: the entry "a.txt" is damaged (its CRC-32 does not match). Nothing was imported.',
    );
    await expect(
      importZip(workspace, craftZip([{ name: 's.txt', content: text('abc'), method: 0, size: 5 }])),
    ).rejects.toThrow(
      'The zip cannot be imported: the entry "s.txt" holds 3 bytes, not the 5 its directory declares. Nothing was imported.',
    );
    expect(await workspace.readdir('/workspace')).toEqual([]);
  });
});

describe('imports: every entry left out is named', () => {
  it('duplicates, a reserved name, a path over 4,096 characters, a file in the way, a large file', {
    timeout: 60_000,
  }, async () => {
    const deep = `${'d/'.repeat(1_000)}deep.txt`;
    const tooDeep = `${'d/'.repeat(2_100)}far.txt`;
    const zip = craftZip([
      { name: 'a.txt', content: text('first') },
      { name: 'a.txt', content: text('second') },
      { name: '__proto__', content: text('p') },
      { name: 'lib/__proto__/x.js', content: text('x') },
      { name: deep, content: text('deep') },
      { name: tooDeep, content: text('far') },
      { name: 'f', content: text('a file') },
      { name: 'f/g.txt', content: text('under a file') },
      { name: 'big.bin', content: new Uint8Array(2000) },
      { name: 'empty/', content: new Uint8Array(), method: 0 },
    ]);
    const workspace = await createJustBashWorkspace();
    const summary = await importZip(workspace, zip, { maxFileBytes: 1000 });
    expect(summary).toEqual({
      files: 3,
      bytes: 5 + 4 + 6,
      ignored: 0,
      skipped: [
        { path: 'a.txt', reason: 'a duplicate of an earlier entry with the same path' },
        { path: '__proto__', reason: '"__proto__" is a reserved name' },
        { path: 'lib/__proto__/x.js', reason: '"__proto__" is a reserved name' },
        {
          path: tooDeep,
          reason: 'its path has 4,218 characters, more than the 4,096 a path may have',
        },
        { path: 'f/g.txt', reason: 'it would be under "f", a file of this import' },
        {
          path: 'big.bin',
          reason: 'it is 2.0KB, more than the 1000B one file may have (maxFileBytes)',
        },
      ],
    });
    expect(new TextDecoder().decode(await workspace.readFile('/workspace/a.txt'))).toBe('first');
    expect(new TextDecoder().decode(await workspace.readFile(`/workspace/${deep}`))).toBe('deep');
    expect((await workspace.stat('/workspace/empty')).type).toBe('directory');
  });

  it('an entry that clashes with an earlier one of the import is left out, with the clash named', async () => {
    const zip = craftZip([
      { name: 'd/x.txt', content: text('x') },
      { name: 'd', content: text('a file where d/ is a directory') },
      { name: 'f', content: text('f') },
      { name: 'f/', content: new Uint8Array(), method: 0 },
      { name: 'e/', content: new Uint8Array(), method: 0 },
      { name: 'e/', content: new Uint8Array(), method: 0 },
      { name: 'd/', content: new Uint8Array(), method: 0 },
    ]);
    const workspace = await createJustBashWorkspace();
    expect(await importZip(workspace, zip)).toEqual({
      files: 2,
      bytes: 2,
      ignored: 0,
      skipped: [
        { path: 'd', reason: 'an earlier entry makes a directory of that path' },
        { path: 'd', reason: 'a duplicate of an earlier entry with the same path' },
        { path: 'f', reason: '"f", an earlier entry, is a file of that path' },
        { path: 'e', reason: 'a duplicate of an earlier entry with the same path' },
      ],
    });
    expect(await workspace.readdir('/workspace')).toEqual([
      { name: 'd', type: 'directory' },
      { name: 'e', type: 'directory' },
      { name: 'f', type: 'file' },
    ]);
  });

  it('an entry under a symlink or a file of the workspace, or onto a symlink or directory, is left out', async () => {
    const workspace = await createJustBashWorkspace({ files: { 'real/keep.txt': 'keep', 'plain.txt': 'p' } });
    await workspace.exec('ln -s real link && mkdir taken');
    const onto = await importFiles(workspace, [source('link', 'onto the link')]);
    expect(onto.skipped).toEqual([
      { path: 'link', reason: 'a symbolic link of that path is in the workspace; it is left as it is' },
    ]);
    const summary = await importFiles(workspace, [
      source('link/x.txt', 'x'),
      source('plain.txt/y.txt', 'y'),
      source('taken', 'onto a directory'),
      source('new.txt', 'new'),
    ]);
    expect(summary.files).toBe(1);
    expect(summary.skipped).toEqual([
      { path: 'link/x.txt', reason: 'it would be under "link", a symbolic link in the workspace' },
      {
        path: 'plain.txt/y.txt',
        reason: 'it would be under "plain.txt", which is not a directory in the workspace',
      },
      { path: 'taken', reason: 'a directory of that path is in the workspace' },
    ]);
    expect(await listAll(workspace)).toBe(
      '.\n./link\n./new.txt\n./plain.txt\n./real\n./real/keep.txt\n./taken\n',
    );
  });

  it('a folder import with a file and a directory of the same name keeps the first, with no raw EEXIST', async () => {
    const workspace = await createJustBashWorkspace();
    const summary = await importFiles(workspace, [
      source('a', 'file'),
      source('a/b.txt', 'b'),
      source('c.txt', 'c'),
    ]);
    expect(summary).toEqual({
      files: 2,
      bytes: 5,
      ignored: 0,
      skipped: [{ path: 'a/b.txt', reason: 'it would be under "a", a file of this import' }],
    });
  });
});

/** `inner` whose `failAt`-th writeFile fails with ENOSPC. */
function failingWrites(inner: Workspace, failAt: number): Workspace {
  let writes = 0;
  return {
    ...inner,
    readFile: (path) => inner.readFile(path),
    mkdir: (path, options) => inner.mkdir(path, options),
    rm: (path, options) => inner.rm(path, options),
    stat: (path) => inner.stat(path),
    lstat: inner.lstat ? (path) => (inner.lstat as NonNullable<Workspace['lstat']>)(path) : undefined,
    readdir: (path) => inner.readdir(path),
    writeFile: async (path, data) => {
      writes += 1;
      if (writes === failAt)
        throw new WorkspaceError('ENOSPC', path, `ENOSPC: no space left, write '${path}'`);
      return inner.writeFile(path, data);
    },
  };
}

describe('imports are all or nothing', () => {
  it('a write failing half way removes what the import wrote and puts back what it overwrote', async () => {
    const inner = await createJustBashWorkspace({ files: { 'keep.txt': 'old' } });
    const workspace = failingWrites(inner, 4);
    const zip = zipSync({
      'keep.txt': text('new'),
      'src/a.ts': text('a'),
      'src/deep/b.ts': text('b'),
      'src/deep/c.ts': text('c'),
    });
    await expect(importZip(workspace, zip)).rejects.toThrow(
      'The import failed while writing "/workspace/src/deep/c.ts" (ENOSPC: no space left, write \'/workspace/src/deep/c.ts\'); what it had written was removed, so the workspace is as it was.',
    );
    expect(await listAll(inner)).toBe('.\n./keep.txt\n');
    expect(new TextDecoder().decode(await inner.readFile('/workspace/keep.txt'))).toBe('old');
  });
});

/**
 * Counts the turns of the event loop a 0 ms timer gets while `run` runs: each turn the import gives
 * back lets it fire once more. An import that never gives the thread back lets it fire at most once.
 */
async function timerTurnsDuring(run: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = (): void => {
    turns += 1;
    if (running) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  try {
    await run();
  } finally {
    running = false;
  }
  return turns;
}

describe('imports give the thread back across entries', () => {
  const zeros = new Uint8Array(6 * 1024);
  const paths = Array.from({ length: 2_000 }, (_, index) => `d${index % 20}/f${index}.bin`);

  it('a zip of 2,000 entries of 6 KB of zeros lets a timer set before it run every 100 entries or less', async () => {
    const zip = zipSync(Object.fromEntries(paths.map((path) => [path, zeros])));
    const workspace = await createJustBashWorkspace();
    let summary: { files: number } | undefined;
    const turns = await timerTurnsDuring(async () => {
      summary = await importZip(workspace, zip);
    });
    expect(summary?.files).toBe(2_000);
    expect(turns).toBeGreaterThanOrEqual(20);
  });

  it('an entry inflated in hundreds of slices, and a stored one checked in several, come back whole', async () => {
    let seed = 7;
    const noise = new Uint8Array(1024 * 1024).map(() => {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      return seed >>> 24;
    });
    const text = strToU8('the quick brown fox jumps over the lazy dog\n'.repeat(40_000));
    const zip = zipSync({ 'noise.bin': noise, 'text.txt': text, 'kept.bin': [noise, { level: 0 }] });
    const workspace = await createJustBashWorkspace();
    expect((await importZip(workspace, zip)).files).toBe(3);
    // Compared byte by byte here: toEqual walks a megabyte of array indices for many seconds.
    const same = (a: Uint8Array, b: Uint8Array): boolean =>
      a.length === b.length && a.every((byte, index) => byte === b[index]);
    expect(same(await workspace.readFile('/workspace/noise.bin'), noise)).toBe(true);
    expect(same(await workspace.readFile('/workspace/text.txt'), text)).toBe(true);
    expect(same(await workspace.readFile('/workspace/kept.bin'), noise)).toBe(true);
  });

  it('so does a folder of 2,000 small files, while it is planned, checked and written', async () => {
    const sources = paths.map((path) => ({ path, size: zeros.length, bytes: async () => zeros }));
    const workspace = await createJustBashWorkspace();
    const turns = await timerTurnsDuring(() => importFiles(workspace, sources));
    expect(await workspace.readdir('/workspace/d0')).toHaveLength(100);
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});
