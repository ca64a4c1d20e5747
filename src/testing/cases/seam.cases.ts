/** The Workspace seam itself: file operations straight to the backend, and exec. */
import { expect } from 'vitest';
import { WorkspaceError } from '../../workspace/workspace.ts';
import type { CaseRegistrar } from '../case-types.ts';
import { type CaseTable, registerCases } from './case-table.ts';

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'no error';
  } catch (error) {
    return error instanceof WorkspaceError ? error.code : `not a WorkspaceError: ${String(error)}`;
  }
}

const SEAM_CASES: CaseTable = [
  [
    'files given at creation are there, bytes intact',
    async (setup) => {
      const bytes = new Uint8Array([0, 1, 2, 0xff, 0xfe, 10]);
      const { workspace, text, bytes: read } = await setup({ 'a.txt': 'hello\n', 'dir/sub/b.bin': bytes });
      expect(await text('a.txt')).toBe('hello\n');
      expect([...(await read('dir/sub/b.bin'))]).toEqual([...bytes]);
      expect(workspace.root.startsWith('/')).toBe(true);
    },
  ],

  [
    'writeFile, readFile, stat, readdir with entry types',
    async (setup) => {
      const { workspace } = await setup({ 'x/keep.txt': 'k' });
      const root = workspace.root;
      await workspace.mkdir(`${root}/new/deep`, { recursive: true });
      await workspace.writeFile(`${root}/new/deep/f.txt`, 'héllo');
      await workspace.writeFile(`${root}/new/raw.bin`, new Uint8Array([0xff, 0x00]));
      expect(new TextDecoder().decode(await workspace.readFile(`${root}/new/deep/f.txt`))).toBe('héllo');
      expect([...(await workspace.readFile(`${root}/new/raw.bin`))]).toEqual([0xff, 0x00]);
      expect(await workspace.stat(`${root}/new/deep/f.txt`)).toMatchObject({ type: 'file', size: 6 });
      expect((await workspace.stat(`${root}/new`)).type).toBe('directory');
      const entries = (await workspace.readdir(`${root}/new`)).sort((a, b) => a.name.localeCompare(b.name));
      expect(entries).toEqual([
        { name: 'deep', type: 'directory' },
        { name: 'raw.bin', type: 'file' },
      ]);
    },
  ],

  [
    'readFileRange: the bytes of a range, clamped to the file, an error for a missing file',
    async (setup) => {
      const data = new Uint8Array(Array.from({ length: 300 }, (_, index) => index % 256));
      const { workspace } = await setup({ 'r.bin': data, 'd/keep.txt': '' });
      const root = workspace.root;
      const range = workspace.readFileRange?.bind(workspace);
      if (!range) throw new Error('this backend offers no readFileRange');
      expect([...(await range(`${root}/r.bin`, 0, 4))]).toEqual([0, 1, 2, 3]);
      expect([...(await range(`${root}/r.bin`, 254, 258))]).toEqual([254, 255, 0, 1]);
      expect([...(await range(`${root}/r.bin`, 298, 1000))]).toEqual([42, 43]);
      expect((await range(`${root}/r.bin`, 400, 500)).length).toBe(0);
      expect((await range(`${root}/r.bin`, 10, 5)).length).toBe(0);
      expect(await code(range(`${root}/missing.bin`, 0, 1))).toBe('ENOENT');
      expect(await code(range(`${root}/d`, 0, 1))).toBe('EISDIR');
    },
  ],

  [
    'listTree: every directory with its entries, symlinks not followed, skipped names not entered',
    async (setup) => {
      const { workspace } = await setup({
        'a.txt': '',
        'src/b.ts': '',
        'src/deep/c.ts': '',
        'node_modules/pkg/index.js': '',
        'src/node_modules/inner.js': '',
      });
      const root = workspace.root;
      await workspace.exec('mkdir hollow && ln -s src link');
      const listTree = workspace.listTree?.bind(workspace);
      if (!listTree) throw new Error('this backend offers no listTree');
      const tree = await listTree(root, { skip: ['node_modules'] });
      const sorted = [...tree.entries()]
        .map(([dir, entries]) => [dir, entries.map((entry) => `${entry.name}:${entry.type}`).sort()] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1));
      expect(sorted).toEqual([
        [root, ['a.txt:file', 'hollow:directory', 'link:symlink', 'node_modules:directory', 'src:directory']],
        [`${root}/hollow`, []],
        [`${root}/node_modules`, []],
        [`${root}/src`, ['b.ts:file', 'deep:directory', 'node_modules:directory']],
        [`${root}/src/deep`, ['c.ts:file']],
        [`${root}/src/node_modules`, []],
      ]);
      // Each listing agrees with readdir of the same directory.
      for (const [dir, entries] of tree) {
        if (dir.endsWith('node_modules')) continue;
        const byName = (x: { name: string }, y: { name: string }) => (x.name < y.name ? -1 : 1);
        expect([...entries].sort(byName)).toEqual((await workspace.readdir(dir)).sort(byName));
      }
      expect(await code(listTree(`${root}/a.txt`))).toBe('ENOTDIR');
      expect(await code(listTree(`${root}/missing`))).toBe('ENOENT');
    },
  ],

  [
    'rename and rm',
    async (setup) => {
      const { workspace } = await setup({ 'a.txt': 'a', 'd/one.txt': '1' });
      const root = workspace.root;
      await workspace.rename(`${root}/a.txt`, `${root}/b.txt`);
      expect(await code(workspace.readFile(`${root}/a.txt`))).toBe('ENOENT');
      expect(new TextDecoder().decode(await workspace.readFile(`${root}/b.txt`))).toBe('a');
      expect(await code(workspace.rm(`${root}/d`))).toMatch(/ENOTEMPTY|EISDIR/);
      await workspace.rm(`${root}/d`, { recursive: true });
      expect(await code(workspace.stat(`${root}/d`))).toBe('ENOENT');
      await workspace.rm(`${root}/missing`, { force: true });
    },
  ],

  [
    'errors carry POSIX codes',
    async (setup) => {
      const { workspace } = await setup({ 'file.txt': 'x' });
      const root = workspace.root;
      expect(await code(workspace.readFile(`${root}/missing.txt`))).toBe('ENOENT');
      expect(await code(workspace.readFile(root))).toBe('EISDIR');
      expect(await code(workspace.readdir(`${root}/file.txt`))).toBe('ENOTDIR');
      expect(await code(workspace.writeFile(`${root}/no/parent.txt`, 'x'))).toBe('ENOENT');
      expect(await code(workspace.writeFile(`${root}/file.txt/child`, 'x'))).toBe('ENOTDIR');
      await workspace.mkdir(`${root}/dir`);
      expect(await code(workspace.writeFile(`${root}/dir`, 'x'))).toBe('EISDIR');
      expect(await code(workspace.mkdir(`${root}/file.txt`))).toBe('EEXIST');
    },
  ],

  [
    'exec: combined output, exit code, cwd',
    async (setup) => {
      const { workspace } = await setup({ 'sub/hello.txt': 'hi from file\n' });
      const ok = await workspace.exec('echo out; echo err 1>&2');
      expect(ok).toMatchObject({ exitCode: 0, timedOut: false, aborted: false });
      expect(ok.output).toContain('out');
      expect(ok.output).toContain('err');
      const failed = await workspace.exec('cat hello.txt; exit 3', { cwd: `${workspace.root}/sub` });
      expect(failed.exitCode).toBe(3);
      expect(failed.output).toContain('hi from file');
    },
  ],

  [
    'exec: a command past its timeout is stopped and says so',
    async (setup) => {
      const { workspace } = await setup();
      const started = Date.now();
      const result = await workspace.exec('sleep 30', { timeoutMs: 300 });
      expect(result.timedOut).toBe(true);
      expect(result.exitCode).not.toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
    },
  ],

  [
    'exec: an abort stops the command and says so',
    async (setup) => {
      const { workspace } = await setup();
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const result = await workspace.exec('sleep 30', { signal: controller.signal });
      expect(result.aborted).toBe(true);
      expect(result.timedOut).toBe(false);
      expect(result.exitCode).not.toBe(0);
    },
  ],
];

export function defineSeamCases(c: CaseRegistrar): void {
  registerCases(c, SEAM_CASES);
}
