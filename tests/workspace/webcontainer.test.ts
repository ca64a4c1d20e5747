/**
 * The WebContainer backend through a stand-in (the real one needs stackblitz.com): the shared
 * conformance suite, then what is specific to the adapter (paths relative to the workdir, stat from
 * listings, PTY output, process exit and kill) and to booting.
 * Reaches inside: NON_INTERACTIVE_ENV, DISCOVERY_SCRIPT and OutputTail are the adapter's internals
 * (src/workspace/webcontainer/), exported by no entry: spawns are told apart by the discovery script, the
 * environment is checked as passed, and OutputTail is tested alone.
 */
import type { BootOptions } from '@webcontainer/api';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  BUILTIN_SPECS,
  confinePath,
  createToolSuite,
  UsageError,
  type Workspace,
  WorkspaceError,
} from '../../src/index.ts';
import { runWorkspaceConformance } from '../../src/testing/index.ts';
import { NON_INTERACTIVE_ENV } from '../../src/workspace/webcontainer/container-program.ts';
import { DISCOVERY_SCRIPT } from '../../src/workspace/webcontainer/discover-commands.ts';
import {
  bootTimeoutReason,
  bootWebContainerWorkspace,
  createWebContainerWorkspace,
  DEFAULT_BOOT_TIMEOUT_MS,
  NOT_ISOLATED_REASON,
  SECOND_BOOT_REASON,
  STILL_PENDING_REASON,
  stripTerminalOutput,
  type WebContainerWorkspaceOptions,
} from '../../src/workspace/webcontainer/index.ts';
import { OutputTail } from '../../src/workspace/webcontainer/terminal-output.ts';
import {
  createStandInBoot,
  createWebContainerStandIn,
  DEFAULT_PROGRAMS,
  type StandInOptions,
  type StandInProgram,
  type WebContainerStandIn,
} from './webcontainer-stand-in.ts';

const standIns: WebContainerStandIn[] = [];
afterAll(() => {
  for (const standIn of standIns) standIn.dispose();
});

async function setup(
  files: Record<string, string | Uint8Array> = {},
  standInOptions: StandInOptions = {},
  options: WebContainerWorkspaceOptions = {},
): Promise<{ standIn: WebContainerStandIn; workspace: Workspace }> {
  const standIn = createWebContainerStandIn(standInOptions);
  standIns.push(standIn);
  await standIn.writeFiles(files);
  return { standIn, workspace: await createWebContainerWorkspace(standIn, options) };
}

runWorkspaceConformance({
  name: 'webcontainer (stand-in)',
  create: async (files) => (await setup(files)).workspace,
  skip: [
    {
      reason:
        "WebContainer's fs API has no lstat/readlink, so confinement is lexical and a symlink's target cannot be checked",
      tests: [
        'paths > symlinks whose target leaves the root are refused at any hop, dangling ones included',
        'paths > a symlink loop is refused quickly',
        'read/write > write: a symlink leading out of the workspace is refused and nothing is created',
        'edit > a symlink leading out of the workspace is refused and its target is untouched',
      ],
    },
    {
      reason:
        "the WebContainer's fs API cannot create symlinks, so the interpreter's `ln -s` fails (ENOSYS) and no link exists to test",
      tests: [
        'grep/find/ls > grep and find: symlinks are not followed, so a link loop cannot hang a walk',
        'grep/find/ls > ls: a symlink shows its target when the backend can read links',
        'faults > row 39: read, ls, grep and find through a symlink that leaves the root',
        'faults > row 40: a write through a dangling symlink leaf pointing outside creates nothing',
        'faults > row 41: a symlink planted between confinement and the write never carries it outside',
        'faults > row 41: a symlink planted at the file itself between confinement and the write is replaced, never written through',
      ],
    },
    {
      reason:
        'the interpreter mounts the workdir inside its own in-memory root, so `rm -rf /` removes what the mount exposes but not the workdir itself; the "root is gone" report cannot be reached this way',
      tests: ['bash > rm -rf / (just-bash) wipes the workspace; the result and later listings say so'],
    },
    {
      reason:
        "WebContainer's fs API reads whole files and lists one directory at a time, so the adapter offers neither readFileRange nor listTree (callers fall back to readFile and readdir)",
      tests: [
        'seam > readFileRange: the bytes of a range, clamped to the file, an error for a missing file',
        'seam > listTree: every directory with its entries, symlinks not followed, skipped names not entered',
      ],
    },
    {
      reason:
        "WebContainer's API has no cheap snapshot (no way to read the tree without copying every file through the fs API), so the adapter offers no restoreSnapshot: rm -rf is reported, not recoverable",
      tests: [
        'bash > row 34: rm -rf / is reported as destructive and recoverable: restoreSnapshot brings every file back, byte for byte',
        'bash > row 34: the snapshot is the one before the last command that deleted files; later changes are undone with it',
        ...[
          'rm -rf src',
          '"r"m -rf src',
          "r''m -rf src",
          'r\\m -rf src',
          "$'\\x72m' -rf src",
          'find src -type f -delete',
          'mv src /tmp/moved-out',
        ].map((command) => `bash > row 34: \`${command}\` is reported as a deletion and restorable`),
        'bash > row 34: emptying or overwriting a file is a change, not a deletion: not reported, no snapshot kept',
      ],
    },
  ],
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'no error';
  } catch (error) {
    return error instanceof WorkspaceError ? error.code : `not a WorkspaceError: ${String(error)}`;
  }
}

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

describe('webcontainer adapter: filesystem', () => {
  it('the root is the workdir and wc.fs gets paths relative to it', async () => {
    const { standIn, workspace } = await setup({}, { workdir: '/home/projects/demo' });
    expect(workspace.backend).toBe('webcontainer');
    expect(workspace.root).toBe('/home/projects/demo');
    const writeFile = vi.spyOn(standIn.fs, 'writeFile');
    await workspace.mkdir('/home/projects/demo/a', { recursive: false });
    await workspace.writeFile('/home/projects/demo/a/b.txt', 'hi');
    expect(writeFile).toHaveBeenCalledWith('a/b.txt', 'hi');
    expect(await standIn.fs.readFile('a/b.txt', 'utf8')).toBe('hi');
    expect(text(await workspace.readFile('/home/projects/demo/a/b.txt'))).toBe('hi');
  });

  it('a path outside the workdir never reaches wc.fs', async () => {
    const { standIn, workspace } = await setup();
    const readFile = vi.spyOn(standIn.fs, 'readFile');
    expect(await codeOf(workspace.readFile('/etc/passwd'))).toBe('EACCES');
    expect(await codeOf(workspace.readFile(`${workspace.root}_evil/x`))).toBe('EACCES');
    expect(readFile).not.toHaveBeenCalled();
  });

  it('the spill directory exists inside the workdir and root listings leave it out', async () => {
    const { workspace } = await setup({ 'a.txt': 'a' });
    expect(workspace.spillDir).toBe(`${workspace.root}/.tool-output`);
    expect(await workspace.stat(workspace.spillDir)).toEqual({ type: 'directory', size: 0 });
    await workspace.writeFile(`${workspace.spillDir}/bash-1.log`, 'log');
    expect(await workspace.readdir(workspace.root)).toEqual([{ name: 'a.txt', type: 'file' }]);
    expect(await workspace.readdir(workspace.spillDir)).toEqual([{ name: 'bash-1.log', type: 'file' }]);
  });

  it('a spill directory name must be a single name', async () => {
    const standIn = createWebContainerStandIn();
    await expect(createWebContainerWorkspace(standIn, { spillDirName: 'a/b' })).rejects.toThrow(UsageError);
    await expect(createWebContainerWorkspace(standIn, { spillDirName: '..' })).rejects.toThrow(UsageError);
  });

  it('stat comes from the parent listing; a file size from reading it', async () => {
    const { standIn, workspace } = await setup({ 'dir/f.txt': 'héllo', 'dir/sub/x': '' });
    const root = workspace.root;
    const readdir = vi.spyOn(standIn.fs, 'readdir');
    expect(await workspace.stat(`${root}/dir/f.txt`)).toEqual({ type: 'file', size: 6 });
    expect(readdir).toHaveBeenCalledWith('dir', { withFileTypes: true });
    expect(await workspace.stat(`${root}/dir/sub`)).toEqual({ type: 'directory', size: 0 });
    expect(await workspace.stat(root)).toEqual({ type: 'directory', size: 0 });
    expect(await codeOf(workspace.stat(`${root}/dir/missing`))).toBe('ENOENT');
    expect(await codeOf(workspace.stat(`${root}/nope/missing`))).toBe('ENOENT');
    expect(await codeOf(workspace.stat(`${root}/dir/f.txt/x`))).toBe('ENOTDIR');
  });

  it('statType gives the type from the listing without reading the file; stat reads it once for the size', async () => {
    const { standIn, workspace } = await setup({ 'dir/big.txt': 'x'.repeat(100_000), 'dir/sub/x': '' });
    const root = workspace.root;
    expect(await workspace.statType?.(`${root}/dir/big.txt`)).toBe('file');
    expect(await workspace.statType?.(`${root}/dir/sub`)).toBe('directory');
    expect(await codeOf(workspace.statType?.(`${root}/dir/missing`) ?? Promise.resolve())).toBe('ENOENT');
    expect(standIn.calls).toEqual({ mkdir: 1, readdir: 1 });
    expect(await workspace.stat(`${root}/dir/big.txt`)).toEqual({ type: 'file', size: 100_000 });
    expect(await workspace.stat(`${root}/dir/big.txt`)).toEqual({ type: 'file', size: 100_000 });
    expect((await workspace.readFile(`${root}/dir/big.txt`)).length).toBe(100_000);
    expect(standIn.calls).toEqual({ mkdir: 1, readdir: 1, readFile: 1 });
  });

  it('bytes a stat read serve the next readFile only for a second: a file changed by someone else is read again', async () => {
    const { standIn, workspace } = await setup({ 'f.txt': 'old' });
    const path = `${workspace.root}/f.txt`;
    expect(await workspace.stat(path)).toEqual({ type: 'file', size: 3 });
    expect(text(await workspace.readFile(path))).toBe('old');
    expect(await workspace.stat(path)).toEqual({ type: 'file', size: 3 });
    // The page's editor (or a dev server) writes through wc.fs, not through this workspace.
    await standIn.writeFiles({ 'f.txt': 'new content' });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(text(await workspace.readFile(path))).toBe('new content');
  });

  it('no lstat or readlink: symlinks list as "other", stat follows them, confinement is lexical', async () => {
    const { standIn, workspace } = await setup({ 'inside/ok.txt': 'ok' });
    const root = workspace.root;
    expect(workspace.lstat).toBeUndefined();
    expect(workspace.readlink).toBeUndefined();
    // The interpreter cannot create links through wc.fs (ENOSYS); a container process can.
    for (const [target, link] of [
      ['inside', 'in'],
      ['inside/ok.txt', 'file'],
      ['/etc', 'out'],
      ['gone', 'dangling'],
    ]) {
      await standIn.bash.fs.symlink(target ?? '', `${root}/${link}`);
    }
    const entries = await workspace.readdir(root);
    expect(entries.find((entry) => entry.name === 'in')).toEqual({ name: 'in', type: 'other' });
    expect(await workspace.stat(`${root}/in`)).toEqual({ type: 'directory', size: 0 });
    expect(await workspace.stat(`${root}/file`)).toEqual({ type: 'file', size: 2 });
    expect(await codeOf(workspace.stat(`${root}/dangling`))).toBe('ENOENT');
    // The documented limitation: the link's target is not checked.
    expect(await confinePath(workspace, 'out/passwd')).toBe(`${root}/out/passwd`);
  });

  it('message-only errors, Node codes and unknown failures map to WorkspaceError codes', async () => {
    const { standIn, workspace } = await setup({ 'd/x': 'x' });
    const root = workspace.root;
    vi.spyOn(standIn.fs, 'rm').mockRejectedValueOnce(
      new Error(`Path is a directory: rm returned EISDIR (is a directory) ${root}/d`),
    );
    vi.spyOn(standIn.fs, 'rename').mockRejectedValueOnce(
      Object.assign(new Error('no space'), { code: 'ENOSPC' }),
    );
    vi.spyOn(standIn.fs, 'writeFile').mockRejectedValueOnce(new Error('something broke'));
    expect(await codeOf(workspace.rm(`${root}/d`))).toBe('EISDIR');
    expect(await codeOf(workspace.rename(`${root}/d`, `${root}/e`))).toBe('ENOSPC');
    expect(await codeOf(workspace.writeFile(`${root}/a`, 'x'))).toBe('EIO');
    const error = await workspace.readFile(`${root}/missing.txt`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkspaceError);
    expect(error).toMatchObject({ code: 'ENOENT', path: `${root}/missing.txt` });
  });
});

/** Spawns other than the `--version` probes. */
/** The processes the scripts started: neither the `--version` probe nor the PATH discovery. */
const commands = (standIn: WebContainerStandIn) =>
  standIn.spawns.filter((spawn) => spawn.args[0] !== '--version' && spawn.args[1] !== DISCOVERY_SCRIPT);

/** Programs named up front, so a test program that never answers `--version` is not probed. */
const KNOWN: WebContainerWorkspaceOptions = { containerCommands: ['node', 'npm', 'npx'] };

describe('webcontainer adapter: container calls per tool call', () => {
  /** A directory of `count` files of `size` bytes each, and a suite over it with the calls counted from zero. */
  async function directoryOf(count: number, size: number) {
    const files: Record<string, string> = {};
    for (let index = 0; index < count; index += 1) files[`d/f${index}.txt`] = 'x'.repeat(size);
    const { standIn, workspace } = await setup(files, {}, KNOWN);
    for (const method of Object.keys(standIn.calls)) delete standIn.calls[method];
    return { standIn, suite: createToolSuite({ workspace }) };
  }

  it.each([
    [10, 10],
    [10, 100_000],
    [1000, 10],
    [1000, 1000],
  ])('ls of %i files of %i bytes: one listing, no file read, sizes unknown', async (count, size) => {
    const { standIn, suite } = await directoryOf(count, size);
    const result = await suite.execute('ls', { path: 'd' });
    expect(result.is_error).toBe(false);
    expect(result.details).toMatchObject({ entry_count: count });
    expect(standIn.calls).toEqual({ readdir: 1 });
    expect(result.structured_output).toMatchObject({
      entries: expect.arrayContaining([{ name: 'f0.txt', type: 'file', size: null }]),
      sizes_unknown: true,
    });
  });

  it.each([
    [10, 10],
    [10, 100_000],
    [1000, 10],
    [1000, 1000],
  ])('read of one file among %i files of %i bytes: one listing and one read', async (count, size) => {
    const { standIn, suite } = await directoryOf(count, size);
    const result = await suite.execute('read', { path: 'd/f3.txt' });
    expect(result.is_error).toBe(false);
    expect(result.output.startsWith('x'.repeat(10))).toBe(true);
    expect(standIn.calls).toEqual({ readdir: 1, readFile: 1 });
  });

  it.each([10, 1000])(
    'the shell lists %i files with their types: find -type f and test -e read no file',
    async (count) => {
      const { standIn, suite } = await directoryOf(count, 1000);
      const result = await suite.execute('bash', {
        command: 'find d -type f | wc -l; [ -e d/f3.txt ] && echo yes',
      });
      expect(result.output).toBe(`${count}\nyes`);
      expect(standIn.calls.readFile ?? 0).toBe(0);
      expect(standIn.calls.readdir).toBeLessThanOrEqual(3);
    },
  );
});

describe("webcontainer adapter: the interpreter's walks cost what they read", () => {
  /** `node_modules` of 400 packages of 10 files (4,000 files), one in ten holding the needle. */
  async function packages() {
    const files: Record<string, string> = { 'src/a.ts': 'needle\n' };
    for (let pkg = 0; pkg < 400; pkg += 1) {
      for (let file = 0; file < 10; file += 1) {
        files[`node_modules/p${pkg}/f${file}.js`] = file === 3 && pkg % 10 === 0 ? 'a needle\n' : 'hay\n';
      }
    }
    const { standIn, workspace } = await setup(files, { fsLatencyMs: 1 }, KNOWN);
    for (const method of Object.keys(standIn.calls)) delete standIn.calls[method];
    return { standIn, suite: createToolSuite({ workspace }) };
  }
  const total = (calls: Record<string, number>) =>
    Object.values(calls).reduce((sum, count) => sum + count, 0);

  it('grep -rl over 4,000 files: a few container calls (was 4,406), one export of the tree', async () => {
    const { standIn, suite } = await packages();
    const result = await suite.execute('bash', {
      command: 'grep -rl needle node_modules | sort | head -3; grep -rl needle node_modules | wc -l',
    });
    expect(result.output).toBe('node_modules/p0/f3.js\nnode_modules/p10/f3.js\nnode_modules/p100/f3.js\n40');
    expect(total(standIn.calls)).toBeLessThanOrEqual(4);
    expect(standIn.calls.export).toBe(1);
  }, 60_000);

  it('find over 4,000 files: a few container calls (was 404)', async () => {
    const { standIn, suite } = await packages();
    const result = await suite.execute('bash', {
      command: "find node_modules -name '*.js' | wc -l; find . -type d | wc -l",
    });
    expect(result.output).toBe('4000\n403');
    // Two walks, each a listing or two and one export.
    expect(total(standIn.calls)).toBeLessThanOrEqual(6);
    expect(standIn.calls.export).toBe(2);
  }, 60_000);

  it('grep -r over one flat directory: its files are read through one export after the first few', async () => {
    const { standIn, suite } = await packages();
    const result = await suite.execute('bash', {
      command: 'grep -rc needle node_modules/p0 | sort | head -4',
    });
    expect(result.output).toBe(
      'node_modules/p0/f0.js:0\nnode_modules/p0/f1.js:0\nnode_modules/p0/f2.js:0\nnode_modules/p0/f3.js:1',
    );
    expect(total(standIn.calls)).toBeLessThanOrEqual(6);
    expect(standIn.calls.export).toBe(1);
  });

  it('a change made by the script, or by a program it runs, is seen by the next walk', async () => {
    const node: StandInProgram = async (io) => {
      await io.fs.writeFile(`${io.env.HOME}/node_modules/p1/made-by-node.js`, 'needle\n');
      return 0;
    };
    const files: Record<string, string> = {};
    for (let pkg = 0; pkg < 3; pkg += 1) files[`node_modules/p${pkg}/index.js`] = 'hay\n';
    const { workspace } = await setup(files, { programs: { ...DEFAULT_PROGRAMS, node } }, KNOWN);
    const result = await workspace.exec(
      'grep -rl needle node_modules | wc -l; echo needle > node_modules/p0/new.js; grep -rl needle node_modules | wc -l; node make.js; grep -rl needle node_modules | sort',
    );
    expect(result.output).toBe('0\n1\nnode_modules/p0/new.js\nnode_modules/p1/made-by-node.js\n');
  });
});

describe('webcontainer adapter: exportTree and writeFiles, one call each', () => {
  it('exportTree gives files with their bytes, directories and symlinks with their targets, the spill directory left out', async () => {
    const { standIn, workspace } = await setup({
      'src/a.ts': 'a',
      'src/lib/b.bin': new Uint8Array([0, 255]),
    });
    await standIn.bash.fs.mkdir(`${standIn.workdir}/empty`);
    await standIn.bash.fs.symlink('src/a.ts', `${standIn.workdir}/link`);
    await workspace.writeFile(`${workspace.spillDir}/bash-1.log`, 'spilled');
    for (const method of Object.keys(standIn.calls)) delete standIn.calls[method];
    const tree = await workspace.exportTree?.(workspace.root);
    expect(standIn.calls).toEqual({ export: 1 });
    expect(Object.fromEntries(tree ?? [])).toEqual({
      empty: { type: 'directory' },
      link: { type: 'symlink', target: 'src/a.ts' },
      src: { type: 'directory' },
      'src/a.ts': { type: 'file', bytes: new TextEncoder().encode('a') },
      'src/lib': { type: 'directory' },
      'src/lib/b.bin': { type: 'file', bytes: new Uint8Array([0, 255]) },
    });
    expect([...((await workspace.exportTree?.(`${workspace.root}/src/lib`)) ?? []).keys()]).toEqual([
      'b.bin',
    ]);
    expect(await codeOf(workspace.exportTree?.(`${workspace.root}/missing`) ?? Promise.resolve())).toBe(
      'ENOENT',
    );
  });

  it('writeFiles writes a tree in one mount, creating parents, replacing files it names and keeping others', async () => {
    const { standIn, workspace } = await setup({ 'fixtures/keep.txt': 'kept', 'fixtures/old.txt': 'old' });
    for (const method of Object.keys(standIn.calls)) delete standIn.calls[method];
    const files = new Map<string, string | Uint8Array>();
    for (let index = 0; index < 1000; index += 1) files.set(`deep/d${index % 10}/f${index}.txt`, `${index}`);
    files.set('old.txt', 'new');
    await workspace.writeFiles?.(`${workspace.root}/fixtures`, files);
    expect(standIn.calls).toEqual({ mkdir: 1, mount: 1 });
    expect(text(await workspace.readFile(`${workspace.root}/fixtures/deep/d7/f997.txt`))).toBe('997');
    expect(text(await workspace.readFile(`${workspace.root}/fixtures/old.txt`))).toBe('new');
    expect(text(await workspace.readFile(`${workspace.root}/fixtures/keep.txt`))).toBe('kept');
  });

  it('writeFiles refuses a path that leaves the directory, or a file that is also a directory, writing nothing', async () => {
    const { standIn, workspace } = await setup();
    const root = workspace.root;
    for (const [key, message] of [
      ['../out.txt', `writeFiles: "../out.txt" is not a relative path inside ${root}.`],
      ['/etc/passwd', `writeFiles: "/etc/passwd" is not a relative path inside ${root}.`],
      ['a//b', `writeFiles: "a//b" is not a relative path inside ${root}.`],
      ['a/b', 'writeFiles: "a/b" is a file and a directory in the same call.'],
    ] as const) {
      const files = new Map([
        ['ok.txt', 'ok'],
        ['a', 'file'],
        [key, 'x'],
      ]);
      await expect(workspace.writeFiles?.(root, files)).rejects.toMatchObject({ code: 'EINVAL', message });
    }
    expect(standIn.calls.mount ?? 0).toBe(0);
    expect(await codeOf(workspace.readFile(`${root}/ok.txt`))).toBe('ENOENT');
  });
});

describe('webcontainer adapter: the hybrid shell', () => {
  it('scripts run in bash: jsh lacks grep, sed, awk, printf and read, the interpreter has them', async () => {
    const { standIn, workspace } = await setup({ 'a.txt': 'one\ntwo\n' });
    const jsh = await standIn.spawn('jsh', ['-c', 'grep one a.txt']);
    expect(await jsh.exit).toBe(127);
    let printed = '';
    await jsh.output.pipeTo(
      new WritableStream({
        write: (chunk) => {
          printed += chunk;
        },
      }),
    );
    expect(stripTerminalOutput(printed)).toBe('jsh: command not found: grep\n');
    const result = await workspace.exec(
      "grep -c o a.txt; sed -n 2p a.txt | awk '{print toupper($0)}'; printf '%s\\n' x | while read -r l; do echo \"got $l\"; done",
    );
    expect(result).toMatchObject({ output: '2\nTWO\ngot x\n', exitCode: 0 });
    expect(commands(standIn).filter((spawn) => spawn.command !== 'jsh')).toHaveLength(0);
  });

  it('container programs run as processes, and pipe into interpreter commands', async () => {
    const npm: StandInProgram = async (io) => {
      if (io.args[0] === '--version') return DEFAULT_PROGRAMS.npm?.(io) ?? 1;
      io.write('PASS a\r\nFAIL b\r\nPASS c\r\nFAIL d\r\n');
      return 1;
    };
    const { standIn, workspace } = await setup({ 'sub/x': '' }, { programs: { ...DEFAULT_PROGRAMS, npm } });
    const result = await workspace.exec('cd sub && export FOO=bar && npm test 2>&1 | grep FAIL | head -1');
    expect(result).toMatchObject({ output: 'FAIL b\n', exitCode: 0 });
    const [spawned] = commands(standIn);
    expect(spawned?.command).toBe('npm');
    expect(spawned?.args).toEqual(['test']);
    expect(spawned?.options).toEqual({
      cwd: 'sub',
      output: true,
      terminal: { cols: 120, rows: 40 },
      // The container's PATH and HOME, given explicitly: spawn's env may replace the container's.
      env: { PATH: standIn.path, HOME: standIn.workdir, ...NON_INTERACTIVE_ENV, FOO: 'bar' },
    });
  });

  it('stdin is closed: a program reading it ends at once; piped text arrives before the end', async () => {
    const cat: StandInProgram = async (io) => {
      for (let text = await io.readInput(); text !== null; text = await io.readInput()) io.write(text);
      return 0;
    };
    const { standIn, workspace } = await setup({}, { programs: { ...DEFAULT_PROGRAMS, node: cat } }, KNOWN);
    // Exit 0 and not timed out: the program saw the end of its input; left open, it would have waited
    // for the timeout and been killed (124).
    expect(await workspace.exec('node', { timeoutMs: 5000 })).toMatchObject({
      output: '',
      exitCode: 0,
      timedOut: false,
    });
    expect((await workspace.exec('echo héllo | node')).output).toBe('héllo\n');
    expect((await workspace.exec("printf 'no newline' | node")).output).toBe('no newline');
    // After text without a newline a terminal's first Ctrl-D only flushes it: a second one ends input.
    expect(commands(standIn).map((spawn) => spawn.input)).toEqual([
      '\u0004',
      'héllo\n\u0004',
      'no newline\u0004\u0004',
    ]);
  });

  it('a program still waiting at the timeout is killed, and the output says it was probably waiting for input', async () => {
    const prompt: StandInProgram = async (io) => {
      io.write('? Project name: › ');
      await new Promise((resolve) => io.signal.addEventListener('abort', resolve));
      return 143;
    };
    const { standIn, workspace } = await setup({}, { programs: { ...DEFAULT_PROGRAMS, npx: prompt } }, KNOWN);
    const result = await workspace.exec('npx create-vite', { timeoutMs: 300 });
    expect(commands(standIn)[0]?.killed).toBe(true);
    expect(result).toMatchObject({ exitCode: 124, timedOut: true });
    expect(result.output).toBe(
      "? Project name: › \n[npx was still running at the stop and its output ends in an unfinished line: it was probably waiting for input. Its stdin is closed (nobody can type an answer), so pass the answers as flags (for example --yes, -y, or the create tool's options) or pipe them in: printf 'y\\n' | npx ...]\n",
    );
  });

  it('a process ends at exit plus a quiet period, even when its output never closes or goes on after exit', async () => {
    const server: StandInProgram = async (io) => {
      io.keepOutputOpen();
      io.write('ready\r\n');
      setTimeout(() => io.write('late\r\n'), 20);
      return 0;
    };
    // A grace period longer than the test may run: the call returns only through the quiet period.
    const { standIn, workspace } = await setup(
      {},
      { programs: { ...DEFAULT_PROGRAMS, node: server } },
      { graceMs: 600_000 },
    );
    const result = await workspace.exec('node server.js');
    expect(result).toMatchObject({ output: 'ready\nlate\n', exitCode: 0 });
    // The output was still open when the call returned, and 'late' came after the exit.
    const [record] = commands(standIn);
    expect(record?.outputClosed).toBe(false);
    expect(record?.chunksAfterExit).toBeGreaterThan(0);
  });

  it('a 1 MB line: printed whole at exit, and kept by a program still running at its timeout, which fires', async () => {
    const line = 'x'.repeat(1024 * 1024);
    const node: StandInProgram = async (io) => {
      io.write(line);
      if (io.args[0] === 'exit') return 0;
      await new Promise((resolve) => io.signal.addEventListener('abort', resolve));
      return 143;
    };
    // 64 KiB chunks, as the client delivers a burst of output.
    const { workspace } = await setup(
      {},
      { chunkSize: 65_536, programs: { ...DEFAULT_PROGRAMS, node } },
      KNOWN,
    );
    expect(await workspace.exec('node exit')).toMatchObject({ output: line, exitCode: 0, timedOut: false });
    // The output was stripped with a pattern that backtracked over the line: the 2 s timeout fired only
    // after that was done, minutes later (a 400,000-character line never returned).
    const result = await workspace.exec('node', { timeoutMs: 2000 });
    expect(result).toMatchObject({ exitCode: 124, timedOut: true });
    expect(result.output.startsWith(line)).toBe(true);
    expect(result.output.slice(line.length)).toContain('was probably waiting for input');
  }, 60_000);

  it('spinner frames drawn with \\r collapse to the last one', async () => {
    const spinner: StandInProgram = async (io) => {
      for (const frame of ['⠋ installing', '⠙ installing', '⠹ installing']) io.write(`\r${frame}`);
      io.write('\r\u001b[2Kadded 3 packages\r\n');
      return 0;
    };
    const { workspace } = await setup({}, { programs: { ...DEFAULT_PROGRAMS, npm: spinner } });
    expect((await workspace.exec('npm install')).output).toBe('added 3 packages\n');
  });

  it('bytes: the terminal decodes each chunk alone, so a cut character and 0xFF arrive as U+FFFD, and stderr says so; a file keeps every byte', async () => {
    const bytes = new Uint8Array([0x61, 0xc3, 0xa9, 0x62, 0xff, 0x0d, 0x0a]); // a é b 0xFF \r\n
    let files: WebContainerStandIn | undefined;
    const node: StandInProgram = async (io) => {
      if (io.args[0] === 'write') await files?.bash.fs.writeFile(`${files.workdir}/out.bin`, bytes);
      else io.write(bytes);
      return 0;
    };
    // Chunks of 2 bytes: [a, é's first byte], [é's second byte, b], [0xFF, \r], [\n].
    const { standIn, workspace } = await setup(
      {},
      { chunkSize: 2, programs: { node } },
      { containerCommands: ['node'] },
    );
    files = standIn;
    const notice =
      "[node's output holds U+FFFD (\uFFFD): the WebContainer's terminal decodes each chunk of output on its own, so a character split between two chunks, or a byte that is not UTF-8, arrives replaced. Redirecting with > does not help (the shell gets the text already replaced); for the exact bytes, have the program write the file itself (in node: fs.writeFileSync) and read that file.]\n";
    expect(await workspace.exec('node print.js')).toMatchObject({
      output: `a\uFFFD\uFFFDb\uFFFD\n${notice}`,
      exitCode: 0,
    });
    // The notice is on stderr: the data alone goes on.
    expect((await workspace.exec('node print.js 2>/dev/null | wc -c')).output).toBe('12\n');
    await workspace.exec('node write');
    expect(await workspace.readFile(`${workspace.root}/out.bin`)).toEqual(bytes);
  });

  it('the description names the programs the container has, and no others', async () => {
    const { workspace } = await setup();
    expect(workspace.shellDescription).toContain('node, npm, npx run as processes in the WebContainer');
    expect(workspace.shellDescription).not.toContain('git');
  });

  it("every program gets the container's PATH explicitly, so it finds node even where spawn's env replaces the container's", async () => {
    const printPath: StandInProgram = async (io) => {
      if (io.args[0] === '-e') return (DEFAULT_PROGRAMS.node as StandInProgram)(io);
      io.write(`PATH=${io.env.PATH ?? '(none)'} HOME=${io.env.HOME ?? '(none)'}\r\n`);
      return 0;
    };
    const { standIn, workspace } = await setup(
      {},
      { spawnEnv: 'replace', programs: { ...DEFAULT_PROGRAMS, node: printPath } },
    );
    // HOME is not known where the container's own environment is replaced: the program gets none.
    expect((await workspace.exec('export PATH=/usr/bin; node print-path.js')).output).toBe(
      `PATH=${standIn.path} HOME=(none)\n`,
    );
  });

  it('a cwd outside the workdir is refused before anything is spawned', async () => {
    const { standIn, workspace } = await setup();
    expect(await codeOf(workspace.exec('pwd', { cwd: '/etc' }))).toBe('EACCES');
    expect(commands(standIn)).toHaveLength(0);
  });

  it('dispose kills the processes still running', async () => {
    const forever: StandInProgram = (io) =>
      new Promise((resolve) => io.signal.addEventListener('abort', () => resolve(143)));
    const { standIn, workspace } = await setup(
      {},
      { programs: { ...DEFAULT_PROGRAMS, node: forever } },
      KNOWN,
    );
    const running = workspace.exec('node');
    await vi.waitFor(() => expect(commands(standIn)).toHaveLength(1));
    await workspace.dispose?.();
    expect(commands(standIn)[0]?.killed).toBe(true);
    await running;
  });
});

describe("webcontainer adapter: programs found on the container's PATH", () => {
  const discoveries = (standIn: WebContainerStandIn) =>
    standIn.spawns.filter((spawn) => spawn.args[1] === DISCOVERY_SCRIPT);
  const versions = (names: string[]): Record<string, StandInProgram> =>
    Object.fromEntries(names.map((name) => [name, DEFAULT_PROGRAMS.npm ?? (async () => 1)]));

  it('every program on PATH runs as a process, read by one node process per container', async () => {
    const programs = { ...DEFAULT_PROGRAMS, ...versions(['git', 'pnpm', 'vite']) };
    const { standIn, workspace } = await setup(
      { 'node_modules/.bin/vite': '#!/usr/bin/env node\n' },
      {
        programs,
        onPath: { '/usr/local/bin': ['node', 'npm', 'npx', 'pnpm'], '/usr/bin': ['git'] },
        path: undefined,
      },
    );
    // /usr/bin is not on the default PATH: its git is not offered.
    expect(workspace.shellDescription).toContain(
      'node, npm, npx, pnpm, vite run as processes in the WebContainer',
    );
    expect(workspace.shellDescription).toContain(
      'Programs installed into node_modules/.bin (npm install) run as processes too, from the next command on.',
    );
    expect((await workspace.exec('vite --version')).output).toBe('10.2.3\n');
    expect((await workspace.exec('pnpm --version | wc -c')).output).toBe('7\n');
    expect((await workspace.exec('git --version')).exitCode).toBe(127);
    // The discovery, then the two programs: no --version probe, and git never reached the container.
    expect(standIn.spawns.map((spawn) => spawn.command)).toEqual(['node', 'vite', 'pnpm']);
    // A second workspace over the same container (a backend switch) reads nothing again.
    const again = await createWebContainerWorkspace(standIn);
    expect(again.shellDescription).toBe(workspace.shellDescription);
    expect(discoveries(standIn)).toHaveLength(1);
    expect(discoveries(standIn)[0]?.command).toBe('node');
  });

  it("the interpreter's own commands and bash's builtins stay in the interpreter", async () => {
    const { standIn, workspace } = await setup(
      {},
      {
        onPath: {
          '/usr/local/bin': ['node', 'npm', 'npx', 'grep', 'cat', 'cd', 'jsh', 'bad name', '.hidden'],
        },
      },
    );
    expect(workspace.shellDescription).toContain('node, npm, npx run as processes in the WebContainer');
    expect((await workspace.exec('echo a | grep a')).output).toBe('a\n');
    expect(commands(standIn)).toEqual([]);
  });

  it('a program installed into node_modules/.bin later runs from the next command on', async () => {
    const { standIn, workspace } = await setup(
      {},
      {
        programs: { ...DEFAULT_PROGRAMS, ...versions(['tsc']) },
        onPath: { '/usr/local/bin': ['node', 'npm', 'npx'] },
      },
    );
    expect((await workspace.exec('tsc --version')).exitCode).toBe(127);
    await standIn.writeFiles({ 'node_modules/.bin/tsc': '' });
    const ran = await workspace.exec('tsc --version');
    expect(ran).toMatchObject({ output: '10.2.3\n', exitCode: 0 });
    // One listing of node_modules/.bin per command, whatever it holds.
    for (const method of Object.keys(standIn.calls)) delete standIn.calls[method];
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await workspace.exec('true');
    expect(standIn.calls).toEqual({ readdir: 1 });
  });

  it('the description lists 16 programs, then how many more', async () => {
    const many = Array.from({ length: 40 }, (_, index) => `tool${String(index).padStart(2, '0')}`);
    const { workspace } = await setup(
      {},
      { path: '/usr/local/bin', onPath: { '/usr/local/bin': ['node', 'npm', ...many] } },
    );
    expect(workspace.shellDescription).toContain(
      `node, npm, ${many.slice(0, 14).join(', ')} and 26 more programs on its PATH run as processes in the WebContainer, with the script's directory and exported variables; stdout and stderr arrive merged, in order. A program ended with & (npm run dev &) keeps running after the call, which returns once it opens a port (its preview URL is printed) or has printed and gone quiet; jobs lists the background programs with their ports and new output, kill %N stops one. No other program exists`,
    );
  });

  it('without an answer from node -e, the known programs that answer --version are used', async () => {
    const versionOnly: StandInProgram = async (io) => {
      io.write(io.args[0] === '--version' ? 'v18.20.3\r\n' : 'garbage\r\n');
      return io.args[0] === '--version' ? 0 : 1;
    };
    const printsGarbage: StandInProgram = async (io) => {
      io.write(io.args[0] === '--version' ? 'v18.20.3\r\n' : '@@browser-agent-tools:path@@{not json\r\n');
      return 0;
    };
    for (const node of [versionOnly, printsGarbage]) {
      const { standIn, workspace } = await setup(
        {},
        { programs: { node, npm: DEFAULT_PROGRAMS.npm ?? versionOnly } },
      );
      expect(discoveries(standIn)).toHaveLength(1);
      expect(workspace.shellDescription).toContain(
        "node, npm run as processes in the WebContainer, with the script's directory and exported variables; stdout and stderr arrive merged, in order. A program ended with & (npm run dev &) keeps running after the call, which returns once it opens a port (its preview URL is printed) or has printed and gone quiet; jobs lists the background programs with their ports and new output, kill %N stops one. No other program exists",
      );
    }
  });
});

describe('the bash declaration on a WebContainer', () => {
  const bashDescription = (suite: ReturnType<typeof createToolSuite>): string | undefined =>
    suite.declarations().find((spec) => spec.name === 'bash')?.description;

  it('after the workspace starts, names the programs the container has and no others', async () => {
    const standIn = createWebContainerStandIn({
      programs: { node: DEFAULT_PROGRAMS.node ?? (async () => 1) },
    });
    standIns.push(standIn);
    const suite = createToolSuite({ workspace: () => createWebContainerWorkspace(standIn) });
    const events: string[] = [];
    suite.subscribe((event) => events.push(`${event.type} ${event.tool.spec.name}`));
    // Before the workspace exists, only the backend-neutral description can be given.
    expect(bashDescription(suite)).toBe(BUILTIN_SPECS.bash.description);
    expect((await suite.execute('ls', {})).is_error).toBe(false);
    expect(events).toEqual(['replaced bash']);
    const description = bashDescription(suite) ?? '';
    expect(description).toBe(
      `${BUILTIN_SPECS.bash.description} Commands run in bash (just-bash's interpreter: pipes, redirects, loops, functions, and grep, sed, awk, find, xargs, sort, head, tail, wc, jq and the other usual tools) over the WebContainer's files. node runs as a process in the WebContainer, with the script's directory and exported variables; stdout and stderr arrive merged, in order. Programs installed into node_modules/.bin (npm install) run as processes too, from the next command on. A program ended with & (npm run dev &) keeps running after the call, which returns once it opens a port (its preview URL is printed) or has printed and gone quiet; jobs lists the background programs with their ports and new output, kill %N stops one. No other program exists: no python, no apt, no sudo. Every command runs non-interactively: stdin is closed unless you pipe something in (CI=1, npm_config_yes=true), so pass answers as flags (npm init -y, npx --yes create-vite my-app --template react).`,
    );
    for (const absent of ['npm,', 'pnpm', 'yarn', 'git', 'jsh']) expect(description).not.toContain(absent);
    // The tool still works and still is the built-in one.
    expect((await suite.execute('bash', { command: 'node --version' })).output).toBe('v18.20.3');
    expect(events).toEqual(['replaced bash']);
  });

  it('a workspace given as an object describes its shell at once; a host description is kept', async () => {
    const { workspace } = await setup();
    const suite = createToolSuite({ workspace });
    expect(bashDescription(suite)).toContain('node, npm, npx run as processes in the WebContainer');
    const own = createToolSuite({ workspace: () => workspace, builtins: ['read'] });
    own.register({ ...BUILTIN_SPECS.bash, description: 'My shell.' }, 'direct', async () => 'ok');
    await own.execute('read', { path: 'x' });
    expect(bashDescription(own)).toBe('My shell.');
  });

  it('the embedded backend keeps the built-in description', async () => {
    const suite = createToolSuite();
    await suite.execute('ls', {});
    expect(bashDescription(suite)).toBe(BUILTIN_SPECS.bash.description);
  });
});

describe('stripTerminalOutput', () => {
  it('removes CSI, OSC, charset and string sequences, and normalises carriage returns', () => {
    const raw = [
      '\u001b]0;title: ~/dir\u0007',
      '\u001b[1;32mgreen\u001b[0m\r\n',
      '\u001b(B\u001b[?2004hbar 10%\rbar 100%\r\r\n',
      '\u001bP1$r0m\u001b\\',
      '\u001b]8;;https://example.com\u001b\\link\u001b]8;;\u001b\\\n',
      'cut \u001b]654;exit=0:',
    ].join('');
    // A line redrawn with \r keeps its last frame, as a terminal shows it (was: every frame a line).
    expect(stripTerminalOutput(raw)).toBe('green\nbar 100%\nlink\ncut ');
  });

  // Each case took time quadratic in its line before (80,000 characters: about a minute): the test's
  // timeout is hours short of that, and the work is the same on any machine.
  const MEGABYTE = 1024 * 1024;
  it.each([
    ['a 1 MB line without a carriage return', 'a'.repeat(MEGABYTE), 'a'.repeat(MEGABYTE)],
    ['1 MB of carriage returns', '\r'.repeat(MEGABYTE), ''],
    ['a 1 MB line of spinner frames', `${'spin\r'.repeat(MEGABYTE / 5)}done\r\n`, 'done\n'],
    [
      'a 1 MB line, then a redrawn line',
      `${'b'.repeat(MEGABYTE)}\n10%\r100%\r\r\n`,
      `${'b'.repeat(MEGABYTE)}\n100%\n`,
    ],
    ['a megabyte of CRLF lines', 'ok\r\n'.repeat(MEGABYTE / 4), 'ok\n'.repeat(MEGABYTE / 4)],
    ['a 1 MB coloured line', `\u001b[31m${'c'.repeat(MEGABYTE)}\u001b[0m\r\n`, `${'c'.repeat(MEGABYTE)}\n`],
  ])(
    'strips %s in time linear in its length',
    (_name, raw, expected) => {
      expect(stripTerminalOutput(raw)).toBe(expected);
    },
    30_000,
  );
});

describe('OutputTail', () => {
  it('keeps the last bytes of a million small chunks, dropping from the front without moving the rest', () => {
    // Shifting the array on each push past the bound copied every chunk: about 100 s for this.
    const tail = new OutputTail(1024 * 1024);
    for (let index = 0; index < 1_000_000; index += 1) tail.push(`${String(index % 10).repeat(4)}\n`);
    const kept = tail.text();
    expect(kept.length).toBe(1024 * 1024);
    expect(tail.droppedBytes).toBe(5_000_000 - 1024 * 1024);
    expect(kept.endsWith('8888\n9999\n')).toBe(true);
  }, 30_000);

  it('cuts a chunk between characters, never inside one', () => {
    const tail = new OutputTail(5);
    tail.push('ab');
    tail.push('c\u00e9\u{1f600}');
    expect(tail.text()).toBe('\u{1f600}');
    expect(tail.droppedBytes).toBe(5);
  });
});

/** What a boot that never finishes is most likely due to, as the reasons say it. */
const SILENT_CAUSES =
  "stackblitz.com cannot be reached (offline, or a proxy, firewall or content blocker in the way), or the browser blocks cookies and storage for stackblitz.com's frame (third-party cookies blocked, a private window).";

describe('bootWebContainerWorkspace', () => {
  const never = (): Promise<never> => new Promise<never>(() => undefined);

  it('says the page is not cross-origin isolated, without loading anything', async () => {
    const boot = vi.fn(never);
    expect(await bootWebContainerWorkspace({ boot, isolated: () => false })).toEqual({
      ok: false,
      reason:
        'This page is not cross-origin isolated (COOP/COEP headers missing), so a WebContainer cannot start.',
    });
    expect(boot).not.toHaveBeenCalled();
    // The default check reads globalThis.crossOriginIsolated, which Node does not have.
    expect(await bootWebContainerWorkspace({ boot })).toEqual({ ok: false, reason: NOT_ISOLATED_REASON });
  });

  it('gives up after the timeout, then refuses a retry while that boot is pending, then uses it', async () => {
    let finish: (webcontainer: WebContainerStandIn) => void = () => undefined;
    const pending = new Promise<WebContainerStandIn>((resolve) => {
      finish = resolve;
    });
    const boot = vi.fn((_options: BootOptions) => pending);
    const options = { boot, isolated: () => true, timeoutMs: 200 };

    expect(await bootWebContainerWorkspace(options)).toEqual({
      ok: false,
      reason: `The WebContainer did not start within 0.2 seconds. Likely causes: ${SILENT_CAUSES}`,
    });
    expect(await bootWebContainerWorkspace(options)).toEqual({
      ok: false,
      reason:
        'An earlier WebContainer start did not finish and is still pending; a WebContainer cannot be started again without reloading the page.',
    });
    expect(STILL_PENDING_REASON).toMatch(/^An earlier WebContainer start/);

    const standIn = createWebContainerStandIn();
    finish(standIn);
    await pending;
    // The adapter learns of the late boot a few microtasks later; one macrotask covers them all.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const late = await bootWebContainerWorkspace(options);
    expect(late.ok && late.workspace.root).toBe(standIn.workdir);
    expect(boot).toHaveBeenCalledTimes(1);
  });

  it('words the timeout in seconds, with its likely causes', () => {
    expect(bootTimeoutReason(3000)).toBe(
      `The WebContainer did not start within 3 seconds. Likely causes: ${SILENT_CAUSES}`,
    );
    expect(bootTimeoutReason(1000)).toBe(
      `The WebContainer did not start within 1 second. Likely causes: ${SILENT_CAUSES}`,
    );
  });

  it('waits 30 seconds by default', async () => {
    expect(DEFAULT_BOOT_TIMEOUT_MS).toBe(30_000);
    vi.useFakeTimers();
    try {
      let settled = false;
      const booting = bootWebContainerWorkspace({ boot: never, isolated: () => true }).then((result) => {
        settled = true;
        return result;
      });
      await vi.advanceTimersByTimeAsync(29_000);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await booting).toEqual({ ok: false, reason: bootTimeoutReason(30_000) });
    } finally {
      vi.useRealTimers();
    }
  });

  it('one container per page: a second call reuses it, teardown releases it, another booter is named', async () => {
    const page = createStandInBoot();
    const options = { boot: page.boot, isolated: () => true };
    const first = await bootWebContainerWorkspace(options);
    if (!first.ok) throw new Error(first.reason);
    await first.workspace.writeFile(`${first.workspace.root}/kept.txt`, 'kept');
    await first.workspace.dispose?.();
    // The page switched to another backend and back: the same container, its files still there.
    const second = await bootWebContainerWorkspace(options);
    if (!second.ok) throw new Error(second.reason);
    expect(second.webcontainer).toBe(first.webcontainer);
    expect(text(await second.workspace.readFile(`${second.workspace.root}/kept.txt`))).toBe('kept');
    expect(page.calls).toHaveLength(1);

    // Other code of the page boots through its own function while this container is up.
    const otherCode = (bootOptions: BootOptions) => page.boot(bootOptions);
    expect(await bootWebContainerWorkspace({ boot: otherCode, isolated: () => true })).toEqual({
      ok: false,
      reason:
        'A WebContainer is already running in this page, started by other code, and a page can run only one: use that one (createWebContainerWorkspace), or call its teardown() and try again.',
    });
    expect(SECOND_BOOT_REASON).toMatch(/^A WebContainer is already running/);

    await second.teardown();
    expect(second.webcontainer.tornDown).toBe(true);
    const third = await bootWebContainerWorkspace(options);
    expect(third.ok && third.webcontainer).toBe(page.booted.at(-1));
    expect(page.booted).toHaveLength(2);
    if (third.ok) await third.teardown();
  });

  it("the container's internal errors go to onError and end the next command's output", async () => {
    const page = createStandInBoot();
    const onError = vi.fn();
    const booted = await bootWebContainerWorkspace({ boot: page.boot, isolated: () => true, onError });
    if (!booted.ok) throw new Error(booted.reason);
    booted.webcontainer.emitError('Out of memory\n    at worker');
    expect(onError).toHaveBeenCalledWith('Out of memory\n    at worker');
    expect((await booted.workspace.exec('echo hi')).output).toBe(
      'hi\n[The WebContainer reported an internal error: Out of memory. If commands keep failing, the container is broken: reload the page to start a new one.]\n',
    );
    // Said once.
    expect((await booted.workspace.exec('echo hi')).output).toBe('hi\n');
    await booted.teardown();
    booted.webcontainer.emitError('after teardown');
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('boots with the options given and returns the workspace', async () => {
    const standIn = createWebContainerStandIn({ workdir: '/home/projects/app' });
    const boot = vi.fn(async (_options: BootOptions) => standIn);
    const result = await bootWebContainerWorkspace({
      boot,
      isolated: () => true,
      workdirName: 'app',
      coep: 'credentialless',
    });
    expect(boot).toHaveBeenCalledWith({ coep: 'credentialless', workdirName: 'app' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.webcontainer).toBe(standIn);
    expect(result.workspace.root).toBe('/home/projects/app');
    expect((await result.workspace.exec('echo ready')).output).toBe('ready\n');
  });

  it('turns boot failures into reasons and never throws', async () => {
    const rejecting = async (): Promise<never> => {
      throw new Error('Only a single WebContainer instance can be booted');
    };
    expect(await bootWebContainerWorkspace({ boot: rejecting, isolated: () => true })).toEqual({
      ok: false,
      reason: SECOND_BOOT_REASON,
    });
    const failing = (message: string) => async (): Promise<never> => {
      throw new Error(message);
    };
    const reasonOf = async (message: string) => {
      const result = await bootWebContainerWorkspace({ boot: failing(message), isolated: () => true });
      return result.ok ? 'booted' : result.reason;
    };
    expect(await reasonOf("SecurityError: Failed to read the 'localStorage' property from 'Window'")).toBe(
      "The WebContainer could not start: SecurityError: Failed to read the 'localStorage' property from 'Window'. Likely cause: the browser blocks cookies or storage for stackblitz.com's frame (third-party cookies or site data blocked, a private window): allow them for this site.",
    );
    expect(await reasonOf('SharedArrayBuffer is not defined')).toBe(
      'The WebContainer could not start: SharedArrayBuffer is not defined. Likely cause: the page is missing its cross-origin isolation headers (Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp or credentialless, on every response).',
    );
    expect(await reasonOf('Failed to fetch')).toBe(
      'The WebContainer could not start: Failed to fetch. Likely cause: stackblitz.com cannot be reached (offline, or a proxy, firewall or content blocker in the way).',
    );
    expect(await reasonOf('Something odd')).toBe(
      `The WebContainer could not start: Something odd. Likely cause: one of these: ${SILENT_CAUSES}`,
    );
    const throwing = (): Promise<never> => {
      throw new Error('workdirName should be a valid folder name');
    };
    expect(await bootWebContainerWorkspace({ boot: throwing, isolated: () => true })).toEqual({
      ok: false,
      reason: 'The WebContainer could not start: workdirName should be a valid folder name.',
    });
    expect(
      await bootWebContainerWorkspace({
        boot: never,
        isolated: () => {
          throw new Error('no window');
        },
      }),
    ).toEqual({
      ok: false,
      reason: `The WebContainer could not start: no window. Likely cause: one of these: ${SILENT_CAUSES}`,
    });
  });

  it('says when the container started but the workspace could not be set up', async () => {
    const standIn = createWebContainerStandIn();
    vi.spyOn(standIn.fs, 'mkdir').mockRejectedValueOnce(new Error('EACCES: permission denied, mkdir'));
    expect(await bootWebContainerWorkspace({ boot: async () => standIn, isolated: () => true })).toEqual({
      ok: false,
      reason:
        'The WebContainer started, but its workspace could not be set up: EACCES: permission denied, mkdir.',
    });
  });

  it('the default boot refuses to run outside a browser page', async () => {
    expect(await bootWebContainerWorkspace({ isolated: () => true, timeoutMs: 5000 })).toEqual({
      ok: false,
      reason:
        'The WebContainer could not start: a WebContainer can only start in a browser page, not in a worker or on a server.',
    });
  });
});
