/** Import of folders and zips into a workspace, export as a zip (fflate on both sides). */
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  createJustBashWorkspace,
  EXPORT_ZIP_MTIME,
  exportZip,
  type ImportSource,
  importFiles,
  importZip,
} from '../../src/workspace/just-bash/index.ts';

const source = (path: string, content: string | Uint8Array): ImportSource => {
  const bytes = typeof content === 'string' ? strToU8(content) : content;
  return { path, size: bytes.length, bytes: async () => bytes };
};

const listAll = async (workspace: Awaited<ReturnType<typeof createJustBashWorkspace>>) =>
  (await workspace.exec('find . | sort')).output;

describe('importZip / exportZip', () => {
  it('round-trips every file byte for byte, binary included', async () => {
    const binary = new Uint8Array(5000).map((_, index) => (index * 7) % 256);
    const zip = zipSync({
      'README.md': strToU8('# hi\n'),
      src: { 'main.ts': strToU8('export {};\n') },
      'data.bin': binary,
    });
    const workspace = await createJustBashWorkspace();
    expect(await importZip(workspace, zip)).toEqual({
      files: 3,
      bytes: 5 + 11 + 5000,
      ignored: 0,
      skipped: [],
    });
    const back = unzipSync(await exportZip(workspace));
    expect(Object.keys(back).sort()).toEqual(['README.md', 'data.bin', 'src/main.ts']);
    expect(back['data.bin']).toEqual(binary);
    expect(new TextDecoder().decode(back['src/main.ts'])).toBe('export {};\n');
    // The same tree exports the same bytes.
    expect(await exportZip(workspace)).toEqual(await exportZip(workspace));
  });

  it('gives back a zip made the way it exports (sorted, level 6, dated 1980) byte for byte', async () => {
    const zip = zipSync(
      { 'a.txt': strToU8('a\n'), 'lib/b.bin': new Uint8Array([0, 255, 7]), 'z.md': strToU8('# z\n') },
      { level: 6, mtime: EXPORT_ZIP_MTIME },
    );
    const workspace = await createJustBashWorkspace();
    await importZip(workspace, zip);
    expect(await exportZip(workspace)).toEqual(zip);
  });

  it('honours .gitignore files (nested ones and negations) and leaves .git out when asked', async () => {
    const zip = zipSync({
      '.gitignore': strToU8('node_modules/\n*.log\n!keep.log\n'),
      'a.log': strToU8('x'),
      'keep.log': strToU8('k'),
      'node_modules/x/index.js': strToU8('x'),
      '.git/HEAD': strToU8('ref'),
      'pkg/.gitignore': strToU8('dist\n'),
      'pkg/dist/out.js': strToU8('o'),
      'pkg/src.js': strToU8('s'),
    });
    const workspace = await createJustBashWorkspace();
    expect(await importZip(workspace, zip, { gitignore: true })).toEqual({
      files: 4,
      bytes: 37,
      ignored: 4,
      skipped: [],
    });
    expect(await listAll(workspace)).toBe(
      '.\n./.gitignore\n./keep.log\n./pkg\n./pkg/.gitignore\n./pkg/src.js\n',
    );
  });

  it('refuses a zip over the file count or size limit and writes nothing', async () => {
    const zip = zipSync({ 'a.txt': strToU8('aaaa'), 'b.txt': strToU8('bbbb'), 'c.txt': strToU8('cccc') });
    const workspace = await createJustBashWorkspace();
    await expect(importZip(workspace, zip, { maxFiles: 2 })).rejects.toThrow(
      'The import holds 3 files; the limit is 2. Nothing was imported. Import a smaller folder (or honour .gitignore), or raise maxFiles.',
    );
    await expect(importZip(workspace, zip, { maxBytes: 10 })).rejects.toThrow(
      'The import holds 12B of files; the limit is 10B. Nothing was imported. Import a smaller folder, or raise maxBytes.',
    );
    expect(await workspace.readdir('/workspace')).toEqual([]);
  });

  it('refuses an entry that would leave the import directory, writing nothing', async () => {
    const workspace = await createJustBashWorkspace();
    await expect(
      importFiles(workspace, [source('ok.txt', 'ok'), source('../../etc/evil', 'x')], { dir: 'in' }),
    ).rejects.toThrow(
      'The entry "../../etc/evil" would land outside the import directory; nothing was imported.',
    );
    expect(await workspace.readdir('/workspace')).toEqual([]);
  });

  it('says so when the bytes are not a zip', async () => {
    const workspace = await createJustBashWorkspace();
    await expect(importZip(workspace, strToU8('not a zip at all'))).rejects.toThrow(
      'The file is not a zip that can be read (invalid zip data); nothing was imported.',
    );
  });

  it('imports a folder into a sub-directory and exports only that directory', async () => {
    const workspace = await createJustBashWorkspace({ files: { 'outside.txt': 'o' } });
    await importFiles(workspace, [source('a/b.txt', 'b'), source('c.txt', 'c')], { dir: 'project' });
    const back = unzipSync(await exportZip(workspace, { dir: 'project' }));
    expect(Object.keys(back).sort()).toEqual(['a/b.txt', 'c.txt']);
  });
});
