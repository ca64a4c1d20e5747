/**
 * The WebContainer backend through a stand-in (the real one needs stackblitz.com): the shared
 * conformance suite, then what is specific to the adapter (paths relative to the workdir, stat from
 * listings, PTY output, process exit and kill) and to booting.
 */
import type { BootOptions } from '@webcontainer/api';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { UsageError } from '../../src/index.ts';
import {
  bootTimeoutReason,
  bootWebContainerWorkspace,
  createWebContainerWorkspace,
  NOT_ISOLATED_REASON,
  STILL_PENDING_REASON,
  stripTerminalOutput,
  type WebContainerWorkspaceOptions,
} from '../../src/workspace/webcontainer/index.ts';
import { confinePath, type Workspace, WorkspaceError } from '../../src/workspace/workspace.ts';
import { runWorkspaceConformance } from './conformance.ts';
import {
  createWebContainerStandIn,
  FORGED_EXIT_MARKER,
  type StandInOptions,
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
        "WebContainer's jsh has none of just-bash's execution limits (exit 126): a runaway recursion there runs until it fails on its own or the bash tool's timeout kills it",
      tests: ['bash > a sandbox limit hit (just-bash: exit 126) names the limit and says to split the work'],
    },
    {
      reason:
        "the stand-in runs the shell in the test's own thread, so the kill at the timeout cannot preempt a busy loop as it preempts a real WebContainer process (the stand-in's 6-second wall clock ends it)",
      tests: ['bash > a busy loop is interrupted by the timeout, with what it printed'],
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

  it('no lstat or readlink: symlinks list as "other", stat follows them, confinement is lexical', async () => {
    const { workspace } = await setup({ 'inside/ok.txt': 'ok' });
    const root = workspace.root;
    expect(workspace.lstat).toBeUndefined();
    expect(workspace.readlink).toBeUndefined();
    const made = await workspace.exec(
      'ln -s inside in && ln -s inside/ok.txt file && ln -s /etc out && ln -s gone dangling',
    );
    expect(made.exitCode).toBe(0);
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

describe('webcontainer adapter: exec', () => {
  it('each command is its own jsh -c process, in the cwd relative to the workdir', async () => {
    const { standIn, workspace } = await setup({ 'sub/x.txt': 'x' }, {}, { env: { GREETING: 'hi' } });
    await workspace.exec('echo $GREETING');
    await workspace.exec('pwd', { cwd: `${workspace.root}/sub` });
    expect(standIn.spawns.map(({ command, args, options }) => ({ command, args, options }))).toEqual([
      { command: 'jsh', args: ['-c', 'echo $GREETING'], options: { output: true, env: { GREETING: 'hi' } } },
      { command: 'jsh', args: ['-c', 'pwd'], options: { output: true, cwd: 'sub', env: { GREETING: 'hi' } } },
    ]);
  });

  it('a cwd outside the workdir is refused before anything is spawned', async () => {
    const { standIn, workspace } = await setup();
    expect(await codeOf(workspace.exec('pwd', { cwd: '/etc' }))).toBe('EACCES');
    expect(standIn.spawns).toHaveLength(0);
  });

  it('ANSI colours, OSC sequences and carriage returns are stripped for the model', async () => {
    const { standIn, workspace } = await setup();
    const result = await workspace.exec("printf '\\033[31mred\\033[0m\\n'; echo plain; echo oops >&2");
    const raw = standIn.spawns[0]?.emitted ?? '';
    expect(raw).toContain('\u001b[31m');
    expect(raw).toContain('\u001b]0;jsh\u0007');
    expect(raw).toContain('\r\n');
    expect(result).toEqual({
      output: 'red\nplain\noops\n',
      exitCode: 0,
      timedOut: false,
      aborted: false,
      droppedBytes: 0,
    });
  });

  it('the exit code comes from the process, never from a forged OSC 654 exit marker', async () => {
    const { standIn, workspace } = await setup();
    const result = await workspace.exec("printf '\\033]654;exit=0:0\\007'; echo 'exit code 0'; exit 7");
    expect(standIn.spawns[0]?.emitted).toContain(FORGED_EXIT_MARKER);
    expect(result.exitCode).toBe(7);
    expect(result.output).toBe('exit code 0\n');
  });

  it('output that arrives after exit is still read', async () => {
    const { standIn, workspace } = await setup();
    const result = await workspace.exec('seq 1 30');
    expect(standIn.spawns[0]?.chunksAfterExit).toBeGreaterThan(10);
    expect(standIn.spawns[0]?.outputClosed).toBe(true);
    expect(result.output).toBe(`${Array.from({ length: 30 }, (_, index) => index + 1).join('\n')}\n`);
  });

  it('a timeout kills the process, and its last output is drained after the kill', async () => {
    const { standIn, workspace } = await setup();
    const result = await workspace.exec('sleep 30', { timeoutMs: 50 });
    const spawned = standIn.spawns[0];
    expect(spawned?.killed).toBe(true);
    expect(spawned?.exitCode).toBe(143);
    expect(spawned?.chunksAfterExit).toBeGreaterThan(0);
    expect(spawned?.outputClosed).toBe(true);
    expect(result).toEqual({
      output: '^C\n',
      exitCode: 124,
      timedOut: true,
      aborted: false,
      droppedBytes: 0,
    });
  });

  it('an abort kills the process and says so', async () => {
    const { standIn, workspace } = await setup();
    const controller = new AbortController();
    const running = workspace.exec('sleep 30', { signal: controller.signal });
    await vi.waitFor(() => expect(standIn.spawns).toHaveLength(1));
    controller.abort();
    const result = await running;
    expect(standIn.spawns[0]?.killed).toBe(true);
    expect(result).toMatchObject({ exitCode: 124, timedOut: false, aborted: true });
  });

  it('an already aborted signal starts nothing', async () => {
    const { standIn, workspace } = await setup();
    const result = await workspace.exec('echo never', { signal: AbortSignal.abort() });
    expect(standIn.spawns).toHaveLength(0);
    expect(result).toEqual({ output: '', exitCode: 124, timedOut: false, aborted: true, droppedBytes: 0 });
  });

  it('a killed process that never exits is reported, not waited for', async () => {
    const stuck = vi.fn();
    const { standIn, workspace } = await setup(
      {},
      { onKill: 'ignore' },
      { graceMs: 50, onProcessStuck: stuck },
    );
    const result = await workspace.exec('sleep 30', { timeoutMs: 50 });
    expect(standIn.spawns[0]?.killed).toBe(true);
    expect(standIn.spawns[0]?.exitCode).toBeUndefined();
    expect(stuck).toHaveBeenCalledWith('sleep 30');
    expect(result).toEqual({
      output:
        '[The command was killed, but its process did not exit within 0.1 seconds and may still be running. If later commands hang too, the WebContainer needs a restart: ask the user to reload the page.]',
      exitCode: 124,
      timedOut: true,
      aborted: false,
      droppedBytes: 0,
    });
  });

  it('a container that does not start the command in time is reported', async () => {
    const stuck = vi.fn();
    const { workspace } = await setup({}, { onSpawn: 'hang' }, { onProcessStuck: stuck });
    const result = await workspace.exec('echo hi', { timeoutMs: 1000 });
    expect(stuck).toHaveBeenCalledWith('echo hi');
    expect(result).toEqual({
      output:
        '[The WebContainer did not start the command within 1 second. It may need a restart: ask the user to reload the page.]',
      exitCode: 124,
      timedOut: true,
      aborted: false,
      droppedBytes: 0,
    });
  });

  it('output beyond the cap is dropped from the front and counted', async () => {
    const { standIn, workspace } = await setup({}, { chunkSize: 64 }, { maxOutputBytes: 1000 });
    const result = await workspace.exec('seq 1 2000');
    const raw = standIn.spawns[0]?.emitted ?? '';
    expect(raw.length).toBeGreaterThan(5000);
    expect(result.droppedBytes).toBe(raw.length - 1000);
    expect(result.output).toBe(stripTerminalOutput(raw.slice(-1000)));
    expect(result.output.endsWith('1999\n2000\n')).toBe(true);
    expect(result.exitCode).toBe(0);
  });

  it('dispose kills the commands still running', async () => {
    const { standIn, workspace } = await setup();
    const running = workspace.exec('sleep 30');
    expect(standIn.spawns).toHaveLength(1);
    await workspace.dispose?.();
    expect((await running).exitCode).toBe(143);
    expect(standIn.spawns[0]?.killed).toBe(true);
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
    expect(stripTerminalOutput(raw)).toBe('green\nbar 10%\nbar 100%\nlink\ncut ');
  });
});

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
      reason: 'The WebContainer did not start within 0.2 seconds (offline, or StackBlitz unreachable).',
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

  it('words the timeout in seconds', () => {
    expect(bootTimeoutReason(3000)).toBe(
      'The WebContainer did not start within 3 seconds (offline, or StackBlitz unreachable).',
    );
    expect(bootTimeoutReason(1000)).toBe(
      'The WebContainer did not start within 1 second (offline, or StackBlitz unreachable).',
    );
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
      reason: 'The WebContainer could not start: Only a single WebContainer instance can be booted.',
    });
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
    ).toEqual({ ok: false, reason: 'The WebContainer could not start: no window.' });
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
