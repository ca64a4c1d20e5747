/**
 * The stand-in's own conformance: what the real WebContainer client does that the adapter must cope
 * with, pinned here so the stand-in cannot drift into something friendlier than the real thing
 * (jsh's small command set, an open stdin, output that never closes or outlives `exit`, per-chunk
 * decoding, message-only errors, Node's rename rules, one fs round trip per call, recorded spawn
 * options). The adapter's answers to each are asserted alongside.
 * Reaches inside: DISCOVERY_SCRIPT, the script the adapter spawns to list the container's commands
 * (src/workspace/webcontainer/discover-commands.ts), is exported by no entry; the test checks that exact
 * spawn.
 */
import type { WebContainerProcess } from '@webcontainer/api';
import { afterAll, describe, expect, it } from 'vitest';
import { createToolSuite, WorkspaceError } from '../../src/index.ts';
import { DISCOVERY_SCRIPT } from '../../src/workspace/webcontainer/discover-commands.ts';
import { createWebContainerWorkspace, stripTerminalOutput } from '../../src/workspace/webcontainer/index.ts';
import {
  createStandInBoot,
  createWebContainerStandIn,
  DEFAULT_PROGRAMS,
  JSH_COMMANDS,
  KILLED_EXIT_CODE,
  type StandInOptions,
  type StandInProgram,
  type WebContainerStandIn,
} from './webcontainer-stand-in.ts';

const standIns: WebContainerStandIn[] = [];
afterAll(() => {
  for (const standIn of standIns) standIn.dispose();
});

function standInWith(options: StandInOptions = {}): WebContainerStandIn {
  const standIn = createWebContainerStandIn(options);
  standIns.push(standIn);
  return standIn;
}

/** Every chunk of a process's output, until the stream closes or `untilMs` passes. */
async function chunksOf(process: WebContainerProcess, untilMs = 2_000): Promise<string[]> {
  const chunks: string[] = [];
  const reader = process.output.getReader();
  const deadline = Date.now() + untilMs;
  for (;;) {
    const next = await Promise.race([
      reader.read(),
      new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()))),
    ]);
    if (next === 'late' || next.done) break;
    chunks.push(next.value);
  }
  reader.releaseLock();
  return chunks;
}

const settledWithin = (promise: Promise<unknown>, ms: number): Promise<boolean> =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'no error';
  } catch (error) {
    return error instanceof WorkspaceError ? error.code : `not a WorkspaceError: ${String(error)}`;
  }
}

describe('webcontainer stand-in: jsh', () => {
  it("jsh has its own small command set: ls, cat and echo, no grep, sed, sleep or printf, and its own 'command not found'", async () => {
    const standIn = standInWith();
    await standIn.writeFiles({ 'a.txt': 'hello\n' });
    const run = async (script: string) => {
      const process = await standIn.spawn('jsh', ['-c', script]);
      const code = await process.exit;
      return { code, text: stripTerminalOutput((await chunksOf(process)).join('')) };
    };
    expect(await run('ls; cat a.txt; echo done')).toEqual({ code: 0, text: 'a.txt\nhello\ndone\n' });
    for (const missing of ['grep', 'sed', 'awk', 'sleep', 'printf', 'find', 'wc']) {
      expect(JSH_COMMANDS as readonly string[]).not.toContain(missing);
      expect(await run(`${missing} x`)).toEqual({ code: 127, text: `jsh: command not found: ${missing}\n` });
    }
  });

  it('the adapter never uses jsh: the interpreter has those commands, and a program the container lacks is not found', async () => {
    const standIn = standInWith();
    await standIn.writeFiles({ 'a.txt': 'one\ntwo\n' });
    const workspace = await createWebContainerWorkspace(standIn);
    expect(await workspace.exec("sleep 0; printf '%s\\n' ok; grep -c o a.txt | sed 's/^/n=/'")).toMatchObject(
      {
        output: 'ok\nn=2\n',
        exitCode: 0,
      },
    );
    expect(await workspace.exec('rustc --version')).toMatchObject({
      output: 'bash: rustc: command not found\n',
      exitCode: 127,
    });
    expect(standIn.spawns.filter((spawn) => spawn.command === 'jsh')).toHaveLength(0);
    const suite = createToolSuite({ workspace });
    const result = await suite.execute('bash', { command: 'rustc --version' });
    expect(result.is_error).toBe(true);
    expect(result.output).toBe(
      'bash: rustc: command not found\n\nbash: Command exited with code 127: a command was not found. Check its name and that it is installed in this workspace.',
    );
  });
});

describe('webcontainer stand-in: processes', () => {
  it("a program's stdin is an open terminal: a read blocks until Ctrl-D or the kill", async () => {
    const reader: StandInProgram = async (io) => {
      const line = await Promise.race([
        io.readInput(),
        new Promise<'killed'>((resolve) => io.signal.addEventListener('abort', () => resolve('killed'))),
      ]);
      return line === null ? 0 : 1;
    };
    const standIn = standInWith({ programs: { node: reader } });
    const blocked = await standIn.spawn('node', ['read.js']);
    expect(await settledWithin(blocked.exit, 100)).toBe(false);
    blocked.kill();
    expect(await blocked.exit).toBe(KILLED_EXIT_CODE);

    const ended = await standIn.spawn('node', ['read.js']);
    const writer = ended.input.getWriter();
    await writer.write('\u0004');
    expect(await ended.exit).toBe(0);
    expect(standIn.spawns.map((spawn) => spawn.input)).toEqual(['', '\u0004']);
  });

  it('output may never close, and may keep coming after exit', async () => {
    const server: StandInProgram = async (io) => {
      io.keepOutputOpen();
      io.write('ready\r\n');
      setTimeout(() => io.write('late\r\n'), 20);
      return 0;
    };
    const standIn = standInWith({ programs: { node: server } });
    const process = await standIn.spawn('node', ['server.js']);
    expect(await process.exit).toBe(0);
    const chunks = await chunksOf(process, 300);
    expect(chunks.join('')).toBe('ready\r\nlate\r\n');
    expect(standIn.spawns[0]).toMatchObject({ outputClosed: false });
    expect(standIn.spawns[0]?.chunksAfterExit).toBeGreaterThan(0);
  });

  it('bytes arrive in chunks, each decoded on its own: a cut character and 0xFF become U+FFFD', async () => {
    const printer: StandInProgram = async (io) => {
      io.write(new Uint8Array([0x61, 0xc3, 0xa9, 0x62, 0xff, 0x0d, 0x0a]));
      return 0;
    };
    const standIn = standInWith({ chunkSize: 2, programs: { node: printer } });
    const process = await standIn.spawn('node', ['print.js']);
    await process.exit;
    expect(await chunksOf(process)).toEqual(['a\uFFFD', '\uFFFDb', '\uFFFD\r', '\n']);
  });

  it('spawn options are recorded: the probe asks --version without output, programs get env, terminal and cwd', async () => {
    // A node that cannot run the PATH discovery (`node -e`), so the adapter falls back to the probe.
    const node: StandInProgram = async (io) => {
      if (io.args[0] !== '--version') return 1;
      io.write('v18.20.3\r\n');
      return 0;
    };
    const standIn = standInWith({ programs: { ...DEFAULT_PROGRAMS, node } });
    await standIn.writeFiles({ 'sub/x': '' });
    const workspace = await createWebContainerWorkspace(standIn);
    expect(standIn.spawns[0]?.args).toEqual(['-e', DISCOVERY_SCRIPT]);
    const probes = standIn.spawns.slice(1).map((spawn) => [spawn.command, spawn.args, spawn.options]);
    expect(probes).toEqual(
      ['node', 'npm', 'npx', 'pnpm', 'yarn', 'corepack', 'git'].map((name) => [
        name,
        ['--version'],
        { output: false },
      ]),
    );
    // The stand-in has node, npm and npx only: the description promises nothing else.
    expect(workspace.shellDescription).toContain('node, npm, npx run as processes');
    await workspace.exec('cd sub && FOO=1 node --version');
    expect(standIn.spawns.at(-1)).toMatchObject({
      command: 'node',
      args: ['--version'],
      options: { cwd: 'sub', output: true, terminal: { cols: 120, rows: 40 } },
    });
    expect(DEFAULT_PROGRAMS).not.toHaveProperty('git');
  });
});

describe('webcontainer stand-in: PATH', () => {
  it("programs get the container's PATH and see its files: node -e evaluates an expression over them", async () => {
    const standIn = standInWith({ onPath: { '/usr/local/bin': ['node', 'npm'] } });
    await standIn.writeFiles({ 'node_modules/.bin/vite': '' });
    const child = await standIn.spawn('node', [
      '-e',
      "(async () => { const fs = require('fs'); for (const dir of process.env.PATH.split(':')) process.stdout.write(dir + ': ' + (await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => [])).map((e) => e.name + (e.isDirectory() ? '/' : '')).join(' ') + '\\n'); })()",
    ]);
    expect(await child.exit).toBe(0);
    const lines = stripTerminalOutput((await chunksOf(child)).join('')).split('\n');
    expect(lines.slice(0, 2)).toEqual([
      `${standIn.workdir}/node_modules/.bin: vite`,
      '/usr/local/bin: node npm',
    ]);
    // /bin: jsh and command files (just-bash keeps one per command there).
    const bin = lines[2]?.split(' ') ?? [];
    expect(bin[0]).toBe('/bin:');
    expect(bin).toEqual(expect.arrayContaining(['jsh', 'cat', 'ls', 'echo']));
    const failing = await standIn.spawn('node', ['-e', "require('child_process')"]);
    expect(await failing.exit).toBe(1);
  });
});

describe('webcontainer stand-in: boot', () => {
  it('one container per page: a second boot is refused until teardown, and teardown works once', async () => {
    const page = createStandInBoot();
    const first = await page.boot({});
    await expect(page.boot({})).rejects.toThrow('Only a single WebContainer instance can be booted');
    first.teardown();
    expect(() => first.teardown()).toThrow('WebContainer already torn down');
    const second = await page.boot({ workdirName: 'next' });
    expect(second).not.toBe(first);
    expect(page.calls).toEqual([{}, {}, { workdirName: 'next' }]);
    second.teardown();
  });
});

describe('webcontainer stand-in: fs', () => {
  it("errors carry no code; a code word in a path (a directory named ENOENT-logs) is never taken for the error's code", async () => {
    const standIn = standInWith();
    await standIn.writeFiles({ 'ENOENT-logs/EACCES.txt': 'x' });
    const raw = await standIn.fs.readFile('ENOENT-logs').catch((error: unknown) => error);
    expect(raw).toBeInstanceOf(Error);
    expect(raw).not.toHaveProperty('code');
    expect((raw as Error).message).toBe(
      `EISDIR: illegal operation on a directory, read '${standIn.workdir}/ENOENT-logs'`,
    );
    const workspace = await createWebContainerWorkspace(standIn, { containerCommands: [] });
    const root = workspace.root;
    expect(await codeOf(workspace.readFile(`${root}/ENOENT-logs`))).toBe('EISDIR');
    expect(await codeOf(workspace.mkdir(`${root}/ENOENT-logs`))).toBe('EEXIST');
    expect(await codeOf(workspace.rm(`${root}/ENOENT-logs`))).toBe('EISDIR');
    expect(await codeOf(workspace.writeFile(`${root}/ENOENT-logs/EACCES.txt/x`, 'x'))).toBe('ENOTDIR');
    expect(await codeOf(workspace.readFile(`${root}/EISDIR-notes/ENOTDIR.txt`))).toBe('ENOENT');
  });

  it('rename follows Node: file onto a directory EISDIR, onto a non-empty directory ENOTEMPTY, directory onto a file ENOTDIR, into itself EINVAL; a file or an empty directory is replaced', async () => {
    const standIn = standInWith();
    await standIn.writeFiles({ 'f.txt': 'F', 'g.txt': 'G', 'd/x': 'x', 'full/y': 'y' });
    await standIn.bash.fs.mkdir(`${standIn.workdir}/empty`);
    const workspace = await createWebContainerWorkspace(standIn, { containerCommands: [] });
    const at = (name: string) => `${workspace.root}/${name}`;
    expect(await codeOf(workspace.rename(at('f.txt'), at('d')))).toBe('EISDIR');
    expect(await codeOf(workspace.rename(at('d'), at('full')))).toBe('ENOTEMPTY');
    expect(await codeOf(workspace.rename(at('d'), at('f.txt')))).toBe('ENOTDIR');
    expect(await codeOf(workspace.rename(at('d'), at('d/inner')))).toBe('EINVAL');
    expect(await codeOf(workspace.rename(at('missing'), at('z')))).toBe('ENOENT');
    await workspace.rename(at('f.txt'), at('g.txt'));
    expect(new TextDecoder().decode(await workspace.readFile(at('g.txt')))).toBe('F');
    await workspace.rename(at('d'), at('empty'));
    expect(await workspace.readdir(at('empty'))).toEqual([{ name: 'x', type: 'file' }]);
  });

  it('with a round trip per fs call, ls makes one listing (no file read: sizes are unknown) and read one listing and one read', async () => {
    const standIn = standInWith({ fsLatencyMs: 5 });
    const files: Record<string, string> = { 'src/sub/x.txt': 'x' };
    for (let index = 0; index < 20; index += 1) files[`src/f${index}.txt`] = `file ${index}\n`;
    await standIn.writeFiles(files);
    const suite = createToolSuite({
      workspace: await createWebContainerWorkspace(standIn, { containerCommands: [] }),
    });
    const reset = (): void => {
      for (const method of Object.keys(standIn.calls)) delete standIn.calls[method];
    };
    reset();
    const listed = await suite.execute('ls', { path: 'src' });
    expect(listed.is_error).toBe(false);
    expect(standIn.calls).toEqual({ readdir: 1 });
    // Past the listing's reuse window: read starts cold.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    reset();
    const read = await suite.execute('read', { path: 'src/f3.txt' });
    expect(read.output).toBe('file 3');
    expect(standIn.calls).toEqual({ readdir: 1, readFile: 1 });
  });
});
