/**
 * The shared tree walk: order, .gitignore semantics, skipped names, symlinks, the entry cap, and its
 * cost contract (one readdir per directory, no stat, a readFile only for .gitignore files).
 * Reaches inside: walkTree (src/tools/walk.ts), the walk grep, find and ls share, is exported by no entry;
 * its cost contract is counted on the walk itself.
 */
import { describe, expect, it } from 'vitest';
import { type Workspace, WorkspaceError } from '../../src/index.ts';
import { walkTree } from '../../src/tools/walk.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

const ROOT = '/workspace';

async function paths(workspace: Workspace, start = ROOT, options = {}): Promise<string[]> {
  const found: string[] = [];
  for await (const run of walkTree(workspace, start, options)) {
    for (const entry of run) found.push(entry.type === 'directory' ? `${entry.relative}/` : entry.relative);
  }
  return found;
}

/** Counts the backend calls a walk makes. */
function counting(workspace: Workspace): { workspace: Workspace; calls: Record<string, string[]> } {
  const calls: Record<string, string[]> = { listTree: [], readdir: [], readFile: [], stat: [], lstat: [] };
  const record =
    <A extends unknown[], R>(name: string, run: (path: string, ...rest: A) => Promise<R>) =>
    (path: string, ...rest: A): Promise<R> => {
      calls[name]?.push(path);
      return run(path, ...rest);
    };
  return {
    calls,
    workspace: {
      ...workspace,
      readdir: record('readdir', workspace.readdir),
      ...(workspace.listTree ? { listTree: record('listTree', workspace.listTree) } : {}),
      readFile: record('readFile', workspace.readFile),
      stat: record('stat', workspace.stat),
      lstat: record('lstat', (path) => workspace.lstat?.(path) ?? Promise.reject(new Error('no lstat'))),
    },
  };
}

describe('walkTree', () => {
  it('yields every entry in path order, a directory followed by its contents, in runs ending at directories', async () => {
    const workspace = await createJustBashWorkspace({
      files: { 'b.txt': '', 'a/z.txt': '', 'a/y/x.txt': '', 'a.txt': '', 'C.txt': '' },
    });
    const runs: string[][] = [];
    for await (const run of walkTree(workspace, ROOT)) runs.push(run.map((entry) => entry.relative));
    expect(runs).toEqual([['C.txt', 'a'], ['a/y'], ['a/y/x.txt', 'a/z.txt', 'a.txt', 'b.txt']]);
    const [first] = (await walkTree(workspace, ROOT)[Symbol.asyncIterator]().next()).value ?? [];
    expect(first).toEqual({ path: `${ROOT}/C.txt`, relative: 'C.txt', name: 'C.txt', type: 'file' });
  });

  it('applies root and nested .gitignore files, deeper rules winning, directory-only patterns and case-sensitive matching', async () => {
    const workspace = await createJustBashWorkspace({
      files: {
        '.gitignore': '\uFEFF*.log\nbuild/\n/top.txt\nREADME.MD\n',
        'keep.log': '',
        'top.txt': '',
        'README.md': '',
        'build/out.js': '',
        'src/build': 'a file named build is not a directory',
        'src/top.txt': '',
        'src/.gitignore': '!important.log\ntmp\n',
        'src/important.log': '',
        'src/other.log': '',
        'src/tmp/x': '',
        'lib/tmp': 'not ignored: the nested rule applies under src only',
      },
    });
    expect(await paths(workspace)).toEqual([
      '.gitignore',
      'README.md',
      'lib/',
      'lib/tmp',
      'src/',
      'src/.gitignore',
      'src/build',
      'src/important.log',
      'src/top.txt',
    ]);
  });

  it('starting in a subdirectory applies the .gitignore files above it; a start they ignore is walked without them', async () => {
    const workspace = await createJustBashWorkspace({
      files: {
        '.gitignore': '*.tmp\ndist/\n',
        'a/.gitignore': 'secret/\n',
        'a/b/c.txt': '',
        'a/b/d.tmp': '',
        'a/b/secret/s.txt': '',
        'dist/bundle.js': '',
        'dist/map.tmp': '',
      },
    });
    expect(await paths(workspace, `${ROOT}/a/b`)).toEqual(['c.txt']);
    expect(await paths(workspace, `${ROOT}/dist`)).toEqual(['bundle.js', 'map.tmp']);
    expect(await paths(workspace, `${ROOT}/a/b`, { gitignore: false })).toEqual([
      'c.txt',
      'd.tmp',
      'secret/',
      'secret/s.txt',
    ]);
  });

  it('skips .git, node_modules and the spill directory below the start, but walks them when they are the start', async () => {
    const base = await createJustBashWorkspace({
      files: {
        '.git/HEAD': '',
        'node_modules/p/i.js': '',
        'pkg/node_modules/q/j.js': '',
        '.spill/bash-1.log': '',
        'pkg/a.ts': '',
      },
    });
    const workspace: Workspace = { ...base, spillDir: `${ROOT}/.spill` };
    expect(await paths(workspace)).toEqual(['pkg/', 'pkg/a.ts']);
    expect(await paths(workspace, `${ROOT}/node_modules`)).toEqual(['p/', 'p/i.js']);
  });

  it('lists symlinks without following them, so a link loop ends', async () => {
    const workspace = await createJustBashWorkspace({ files: { 'd/f.txt': '' } });
    expect((await workspace.exec('ln -s .. d/up && ln -s f.txt d/alias && ln -s d loop')).exitCode).toBe(0);
    const found: [string, string][] = [];
    for await (const run of walkTree(workspace, ROOT))
      for (const entry of run) found.push([entry.relative, entry.type]);
    expect(found).toEqual([
      ['d', 'directory'],
      ['d/alias', 'symlink'],
      ['d/f.txt', 'file'],
      ['d/up', 'symlink'],
      ['loop', 'symlink'],
    ]);
  });

  it('stops at maxEntries and says it was capped', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 30; index += 1) files[`d${index % 3}/f${index}.txt`] = '';
    const workspace = await createJustBashWorkspace({ files });
    const walk = walkTree(workspace, ROOT, { maxEntries: 10 });
    let seen = 0;
    for await (const run of walk) seen += run.length;
    expect(seen).toBe(10);
    expect(walk.capped).toBe(true);
    const whole = walkTree(workspace, ROOT);
    for await (const _ of whole) {
      // drain
    }
    expect(whole.capped).toBe(false);
    expect(whole.visited).toBe(33);
  });

  const costTree = {
    '.gitignore': 'x\n',
    'a/one.txt': '',
    'a/b/two.txt': '',
    'c/.gitignore': 'y\n',
    'c/three.txt': '',
  };

  it('costs one listTree when the backend offers it, no readdir, no stat, and a readFile only where a listing shows a .gitignore', async () => {
    const { workspace, calls } = counting(await createJustBashWorkspace({ files: costTree }));
    await paths(workspace);
    expect(calls.listTree).toEqual([ROOT]);
    expect(calls.readdir).toEqual([]);
    expect(calls.readFile?.sort()).toEqual([`${ROOT}/.gitignore`, `${ROOT}/c/.gitignore`]);
    expect(calls.stat).toEqual([]);
    expect(calls.lstat).toEqual([]);
  });

  it('without listTree, costs one readdir per directory, no stat, and a readFile only where a listing shows a .gitignore', async () => {
    const base = { ...(await createJustBashWorkspace({ files: costTree })), listTree: undefined };
    const { workspace, calls } = counting(base);
    await paths(workspace);
    expect(calls.readdir?.sort()).toEqual([ROOT, `${ROOT}/a`, `${ROOT}/a/b`, `${ROOT}/c`]);
    expect(calls.readFile?.sort()).toEqual([`${ROOT}/.gitignore`, `${ROOT}/c/.gitignore`]);
    expect(calls.stat).toEqual([]);
    expect(calls.lstat).toEqual([]);
  });

  it('walks the same entries, in the same order, with listTree and with one readdir per directory', async () => {
    const workspace = await createJustBashWorkspace({
      files: {
        '.gitignore': 'dist/\n*.log\n!keep.log\n',
        'src/a.ts': '',
        'src/deep/b.ts': '',
        'src/.gitignore': 'generated/\n',
        'src/generated/c.ts': '',
        'dist/out.js': '',
        'x.log': '',
        'keep.log': '',
        'node_modules/pkg/index.js': '',
        'src/node_modules/inner.js': '',
        '.git/HEAD': '',
        'empty/.keep': '',
      },
    });
    await workspace.exec('ln -s src link && ln -s missing dangling && mkdir hollow');
    const bulk = await paths(workspace);
    const single = await paths({ ...workspace, listTree: undefined });
    expect(bulk).toEqual(single);
    expect(bulk).toContain('link');
    expect(bulk).toContain('hollow/');
    expect(bulk).not.toContain('node_modules/');
    expect(
      bulk.some((path) => path.includes('node_modules') || path.startsWith('dist') || path === 'x.log'),
    ).toBe(false);
    const fromSrc = async (target: Workspace): Promise<string[]> => {
      const seen: string[] = [];
      for await (const run of walkTree(target, `${ROOT}/src`))
        seen.push(...run.map((entry) => entry.relative));
      return seen;
    };
    expect(await fromSrc(workspace)).toEqual(await fromSrc({ ...workspace, listTree: undefined }));
  });

  it('falls back to one readdir per directory when listTree fails', async () => {
    const base = await createJustBashWorkspace({ files: { 'a/x.txt': '', 'b/y.txt': '' } });
    const workspace: Workspace = {
      ...base,
      listTree: (path) => Promise.reject(new WorkspaceError('EIO', path)),
    };
    expect(await paths(workspace)).toEqual(['a/', 'a/x.txt', 'b/', 'b/y.txt']);
  });

  it('passes over a directory it cannot read', async () => {
    const base = await createJustBashWorkspace({ files: { 'bad/x.txt': '', 'good/y.txt': '' } });
    const workspace: Workspace = {
      ...base,
      listTree: undefined,
      readdir: (path) =>
        path === `${ROOT}/bad` ? Promise.reject(new WorkspaceError('EACCES', path)) : base.readdir(path),
    };
    expect(await paths(workspace)).toEqual(['bad/', 'good/', 'good/y.txt']);
  });

  it('ends early when its signal is aborted', async () => {
    const workspace = await createJustBashWorkspace({ files: { 'a/x': '', 'b/y': '' } });
    const controller = new AbortController();
    const seen: string[] = [];
    for await (const run of walkTree(workspace, ROOT, { signal: controller.signal })) {
      seen.push(...run.map((entry) => entry.relative));
      controller.abort();
    }
    expect(seen).toEqual(['a']);
  });
});
