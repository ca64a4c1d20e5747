/**
 * A stand-in for a booted WebContainer, for tests that cannot boot the real one (it needs
 * stackblitz.com). It implements exactly the members the adapter uses (`WebContainerLike`, a `Pick` of
 * `@webcontainer/api`'s own types, so an API change breaks this file's type check) over just-bash's
 * in-memory filesystem and interpreter, with WebContainer's observable behaviour:
 *
 * - `fs` paths are relative to the workdir (an absolute path too: the API is scoped to the workdir);
 *   errors are plain `Error`s whose message starts with the POSIX code and which have no `code`
 *   property (webcontainer-core#1171); `readdir({ withFileTypes: true })` returns DirEnts with
 *   `isFile()`/`isDirectory()` only (a symlink is neither); Node's semantics for a missing parent, a
 *   file in the way, `rm` of a directory without `recursive`.
 * - `spawn('jsh', ['-c', command])` runs the command through just-bash and returns a process whose
 *   `output` is one PTY-like stream: stdout and stderr merged, `\r\n` line endings, colour codes, a
 *   window-title OSC sent at once, and OSC 654 markers (including a forged `exit=…:0` that claims
 *   success) mixed in. The text is cut into small chunks, so sequences straddle chunk boundaries, and
 *   it is sent *after* `exit` has settled, spread over macrotasks: an adapter that stops reading at
 *   exit loses it. Like a terminal, stdout and stderr come in the order they were printed, and a killed
 *   command keeps what it printed before the kill: the command runs through the embedded backend's own
 *   runner (`runJustBashCommand`). `kill()` stops the command and settles `exit` with 143, then sends
 *   what the command printed and `^C`; with `onKill: 'ignore'` it does nothing at all (a wedged
 *   runtime).
 *
 * - `PATH` (option `path`) holds `<workdir>/node_modules/.bin`, `/usr/local/bin` (a file per program) and
 *   `/bin` (jsh, its commands, and the command files just-bash keeps there: all names the adapter's
 *   interpreter has, so none is offered as a container program). A program gets it in its environment with `HOME`, under what
 *   `spawn` sets, and sees the whole container's files (`io.fs`, absolute paths), as a process does.
 *   `node -e <expression>` evaluates the expression with `require('fs').promises.readdir` and
 *   `process.env`/`process.stdout.write` over them and awaits its value, as node's event loop does.
 * - Programs (`node`, `npm`, `npx` by default) run with a terminal: bytes sent in `chunkSize`-byte
 *   chunks, each decoded on its own as the client does (a cut character becomes U+FFFD); an input
 *   that stays open until Ctrl-D or the kill; output that may stay open after exit. A command that is
 *   neither a program nor jsh's is `jsh: command not found: …`, exit 127.
 * - `createStandInBoot()` is a page's `WebContainer.boot`: one container at a time, refused with the
 *   client's words until its `teardown()`; `on('error')` delivers what `emitError` reports.
 * - Every `fs` call is counted in `calls` and may take `fsLatencyMs` (a postMessage round trip).
 *
 * Test controls (`spawns`, `calls`, `writeFiles`, `emitError`, `dispose`) are extras of the stand-in,
 * not WebContainer API. tests/workspace/webcontainer-stand-in.test.ts pins this behaviour, and
 * tests/e2e/webcontainer-boot.spec.ts checks the same cases against the real client.
 */
import type {
  BootOptions,
  BufferEncoding,
  DirEnt,
  ExportOptions,
  FileSystemTree,
  LoadFilesOptions,
  SpawnOptions,
  WebContainerProcess,
} from '@webcontainer/api';
import { zipSync } from 'fflate';
import { Bash, type CommandName, getCommandNames, type IFileSystem, InMemoryFs } from 'just-bash';
import { runJustBashCommand } from '../../src/workspace/shell/run-command.ts';
import type { WebContainerFileSystem, WebContainerLike } from '../../src/workspace/webcontainer/index.ts';

/** Options of {@link createWebContainerStandIn}. */
export interface StandInOptions {
  /** The container's workdir. Default: `/home/projects/stand-in`. */
  workdir?: string;
  /** Characters per output chunk. Default: 5. */
  chunkSize?: number;
  /** What `kill()` does: `exit` (abort, exit 143) or `ignore` (nothing: exit never settles). Default: `exit`. */
  onKill?: 'exit' | 'ignore';
  /** What `spawn()` does: `start` the process, or `hang` (the promise never settles). Default: `start`. */
  onSpawn?: 'start' | 'hang';
  /** Programs besides `jsh`, by name (`node`, `npm`, ...). Default: {@link DEFAULT_PROGRAMS}. */
  programs?: Record<string, StandInProgram>;
  /** Milliseconds every `fs` call takes (a postMessage round trip). Default: 0. */
  fsLatencyMs?: number;
  /** The container's `PATH`. Default: `<workdir>/node_modules/.bin:/usr/local/bin:/bin`. */
  path?: string;
  /** Files put in directories outside the workdir, by directory. Default: every program in `/usr/local/bin`. */
  onPath?: Record<string, string[]>;
  /**
   * What `spawn`'s `env` does to the container's own `PATH` and `HOME`: `merge` keeps them under it,
   * `replace` gives the program only what `spawn` set. Which one the real client does is a case of the
   * real-boot spec; the adapter must work with both. Default: `merge`.
   */
  spawnEnv?: 'merge' | 'replace';
}

/** What a stand-in program can do: its arguments, its terminal, and the kill. */
export interface ProgramIO {
  args: string[];
  cwd: string;
  /** The container's `PATH` and `HOME`, under what `spawn` set. */
  env: Record<string, string>;
  /** The whole container's files, by absolute path (`wc.fs` sees only the workdir). */
  fs: IFileSystem;
  /** Sends bytes or text to the terminal, in chunks of `chunkSize` bytes, decoded as the client does. */
  write(data: string | Uint8Array): void;
  /** The next text typed on the terminal, or null once Ctrl-D arrives. Never resolves otherwise. */
  readInput(): Promise<string | null>;
  /** Aborted by `kill()`. */
  signal: AbortSignal;
  /** Leaves the output stream open after exit (a background child holding the terminal). */
  keepOutputOpen(): void;
  /**
   * Opens a port, as a server's `listen` does: the container reports `port` (open, with its URL), then
   * `server-ready`. The port closes when the program exits or is killed.
   */
  listen(port: number): void;
}

/** A program of the stand-in: resolves to its exit code. */
export type StandInProgram = (io: ProgramIO) => Promise<number>;

/** The programs a fresh WebContainer has besides jsh's own commands: Node's tool chain, no git. */
export const DEFAULT_PROGRAMS: Record<string, StandInProgram> = {
  node: async (io) => (io.args[0] === '-e' ? evaluate(io, io.args[1] ?? '') : version(io, 'v18.20.3')),
  npm: async (io) => version(io, '10.2.3'),
  npx: async (io) => version(io, '10.2.3'),
};

async function version(io: ProgramIO, text: string): Promise<number> {
  if (io.args[0] === '--version') {
    io.write(`${text}\r\n`);
    return 0;
  }
  io.write(`stand-in: ${io.args.join(' ')} is not implemented\r\n`);
  return 1;
}

/**
 * `node -e <expression>` with the little of Node an expression here may use: `require('fs').promises
 * .readdir` (with `withFileTypes`) over the container's files, `process.env`, `process.stdout.write`.
 * The expression's value is awaited, as node's event loop waits for pending work; a throw or
 * rejection prints the error and exits 1.
 */
async function evaluate(io: ProgramIO, expression: string): Promise<number> {
  const readdir = async (dir: string, options?: { withFileTypes?: boolean }) => {
    const entries = await io.fs.readdirWithFileTypes?.(dir);
    if (!entries) throw new Error('stand-in: the container fs lists no entry types');
    if (options?.withFileTypes !== true) return entries.map((entry) => entry.name);
    return entries.map((entry) => ({
      name: entry.name,
      isFile: () => entry.isFile,
      isDirectory: () => entry.isDirectory,
      isSymbolicLink: () => entry.isSymbolicLink,
    }));
  };
  const require = (name: string): unknown => {
    if (name === 'fs') return { promises: { readdir } };
    throw new Error(`stand-in: node -e cannot require ${name}`);
  };
  const process = {
    env: io.env,
    stdout: { write: (text: string) => io.write(text.replace(/\n/g, '\r\n')) },
  };
  try {
    // A test double of node: the adapter's own expression, evaluated against the stand-in's files.
    const run = new Function('require', 'process', `return (${expression});`);
    await run(require, process);
    return 0;
  } catch (error) {
    io.write(`${String(error)}\r\n`);
    return 1;
  }
}

/**
 * jsh's commands, as bolt.diy's system prompt lists them: no grep, sed, find, wc, sleep, awk, printf
 * or read (webcontainer-core#1165: "jsh: command not found: sleep").
 */
export const JSH_COMMANDS = [
  'cat',
  'chmod',
  'cp',
  'echo',
  'hostname',
  'kill',
  'ln',
  'ls',
  'mkdir',
  'mv',
  'ps',
  'pwd',
  'rm',
  'rmdir',
  'xxd',
  'alias',
  'cd',
  'clear',
  'curl',
  'env',
  'false',
  'getconf',
  'head',
  'sort',
  'tail',
  'touch',
  'true',
  'uptime',
  'which',
  'seq',
  'printenv',
  'tee',
  'exit',
] as const;

/** The commands of jsh the stand-in's jsh has: those just-bash implements. */
const JSH_IMPLEMENTED = JSH_COMMANDS.filter((name): name is CommandName & (typeof JSH_COMMANDS)[number] =>
  (getCommandNames() as string[]).includes(name),
);

/** What the stand-in saw of one spawned process. */
export interface SpawnRecord {
  command: string;
  args: string[];
  options: SpawnOptions | undefined;
  /** `kill()` was called. */
  killed: boolean;
  /** The code `exit` settled with, once it has. */
  exitCode: number | undefined;
  /** Everything sent on `output`, raw, in order. */
  emitted: string;
  /** Chunks sent after `exit` settled. */
  chunksAfterExit: number;
  /** `output` was closed. */
  outputClosed: boolean;
  /** Everything written to `input`, in order. */
  input: string;
}

/** Exit code of a killed process (SIGTERM). */
export const KILLED_EXIT_CODE = 143;
/** The window-title sequence jsh sends first. */
const TITLE_SEQUENCE = '\u001b]0;jsh\u0007';
/** A forged OSC 654 marker claiming the command exited with 0. */
export const FORGED_EXIT_MARKER = '\u001b]654;exit=0:0\u0007';

const DEFAULT_WORKDIR = '/home/projects/stand-in';
/** How long one command may hold the stand-in's thread (see the constructor). */
const STAND_IN_WALL_CLOCK_MS = 6_000;

/** Creates a stand-in container with an empty workdir. */
export function createWebContainerStandIn(options: StandInOptions = {}): WebContainerStandIn {
  return new WebContainerStandIn(options);
}

/** The client's words for a second `boot()` while a container is up. */
const SINGLE_INSTANCE_ERROR = 'Only a single WebContainer instance can be booted';

/**
 * A page's `WebContainer.boot`: one container at a time, as the client enforces (a second `boot()`
 * while one is up rejects with {@link SINGLE_INSTANCE_ERROR}; after its `teardown()` a new one may
 * boot). `booted` lists every container it started, `calls` every `boot()` options.
 */
export function createStandInBoot(options: StandInOptions = {}) {
  let current: WebContainerStandIn | undefined;
  const booted: WebContainerStandIn[] = [];
  const calls: BootOptions[] = [];
  const boot = async (bootOptions: BootOptions): Promise<WebContainerStandIn> => {
    calls.push(bootOptions);
    if (current && !current.tornDown) throw new Error(SINGLE_INSTANCE_ERROR);
    current = new WebContainerStandIn(options);
    booted.push(current);
    return current;
  };
  return { boot, booted, calls };
}

type PosixCode = 'ENOENT' | 'ENOTDIR' | 'EISDIR' | 'EEXIST' | 'ENOTEMPTY' | 'EINVAL';

const DESCRIPTIONS: Record<PosixCode, string> = {
  ENOENT: 'no such file or directory',
  ENOTDIR: 'not a directory',
  EISDIR: 'illegal operation on a directory',
  EEXIST: 'file already exists',
  ENOTEMPTY: 'directory not empty',
  EINVAL: 'invalid argument',
};

/** An error the way WebContainer's fs delivers it: message only, no `code`. */
function fsError(code: PosixCode, syscall: string, path: string): Error {
  return new Error(`${code}: ${DESCRIPTIONS[code]}, ${syscall} '${path}'`);
}

function normalize(path: string): string {
  const parts: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  return `/${parts.join('/')}`;
}

/** `wc.fs` over just-bash's filesystem, with WebContainer's paths, DirEnts and errors. */
class StandInFileSystem implements WebContainerFileSystem {
  readonly #bash: Bash;
  readonly #workdir: string;
  readonly #calls: Record<string, number>;
  readonly #latencyMs: number;

  constructor(bash: Bash, workdir: string, calls: Record<string, number>, latencyMs: number) {
    this.#bash = bash;
    this.#workdir = workdir;
    this.#calls = calls;
    this.#latencyMs = latencyMs;
  }

  /** Counts a call and waits the round trip, as a postMessage to the container does. */
  async #enter(method: string): Promise<void> {
    this.#calls[method] = (this.#calls[method] ?? 0) + 1;
    await new Promise((resolve) => setTimer(resolve, this.#latencyMs));
  }

  /** The just-bash path of a WebContainer fs path: relative to the workdir, never above it. */
  resolve(path: string): string {
    const inside = normalize(`/${path}`);
    return inside === '/' ? this.#workdir : `${this.#workdir}${inside}`;
  }

  async #kind(absolute: string): Promise<'file' | 'directory' | 'missing'> {
    const stat = await this.#bash.fs.stat(absolute).catch(() => undefined);
    if (!stat) return 'missing';
    return stat.isDirectory ? 'directory' : 'file';
  }

  /** Node's checks on the parent of a path about to be created. */
  async #parentReady(absolute: string, syscall: string): Promise<void> {
    const parent = absolute.slice(0, absolute.lastIndexOf('/')) || '/';
    const kind = await this.#kind(parent);
    if (kind === 'missing') {
      // A file further up makes it ENOTDIR, as in Node.
      for (let dir = parent; dir !== '/' && dir !== ''; dir = dir.slice(0, dir.lastIndexOf('/')) || '/') {
        if ((await this.#kind(dir)) === 'file') throw fsError('ENOTDIR', syscall, absolute);
      }
      throw fsError('ENOENT', syscall, absolute);
    }
    if (kind === 'file') throw fsError('ENOTDIR', syscall, absolute);
  }

  readFile(path: string, encoding?: null): Promise<Uint8Array>;
  readFile(path: string, encoding: BufferEncoding): Promise<string>;
  async readFile(path: string, encoding?: BufferEncoding | null): Promise<Uint8Array | string> {
    await this.#enter('readFile');
    const absolute = this.resolve(path);
    const kind = await this.#kind(absolute);
    if (kind === 'missing') throw fsError('ENOENT', 'open', absolute);
    if (kind === 'directory') throw fsError('EISDIR', 'read', absolute);
    const bytes = await this.#bash.fs.readFileBuffer(absolute);
    if (encoding === undefined || encoding === null) return bytes;
    if (encoding !== 'utf8' && encoding !== 'utf-8') throw new Error(`stand-in: encoding ${encoding}`);
    return new TextDecoder().decode(bytes);
  }

  async writeFile(
    path: string,
    data: string | Uint8Array,
    _options?: string | { encoding?: string | null } | null,
  ): Promise<void> {
    await this.#enter('writeFile');
    const absolute = this.resolve(path);
    await this.#parentReady(absolute, 'open');
    if ((await this.#kind(absolute)) === 'directory') throw fsError('EISDIR', 'open', absolute);
    // The real client transfers a copy of the bytes, never the caller's buffer.
    await this.#bash.fs.writeFile(absolute, typeof data === 'string' ? data : data.slice());
  }

  readdir(
    path: string,
    options: 'buffer' | { encoding: 'buffer'; withFileTypes?: false },
  ): Promise<Uint8Array[]>;
  readdir(
    path: string,
    options?: { encoding?: BufferEncoding | null; withFileTypes?: false } | BufferEncoding | null,
  ): Promise<string[]>;
  readdir(path: string, options: { encoding: 'buffer'; withFileTypes: true }): Promise<DirEnt<Uint8Array>[]>;
  readdir(
    path: string,
    options: { encoding?: BufferEncoding | null; withFileTypes: true },
  ): Promise<DirEnt<string>[]>;
  async readdir(
    path: string,
    options?:
      | 'buffer'
      | BufferEncoding
      | null
      | { encoding?: BufferEncoding | 'buffer' | null; withFileTypes?: boolean },
  ): Promise<string[] | Uint8Array[] | DirEnt<string>[] | DirEnt<Uint8Array>[]> {
    await this.#enter('readdir');
    const absolute = this.resolve(path);
    const kind = await this.#kind(absolute);
    if (kind === 'missing') throw fsError('ENOENT', 'scandir', absolute);
    if (kind === 'file') throw fsError('ENOTDIR', 'scandir', absolute);
    const fs = this.#bash.fs;
    if (!fs.readdirWithFileTypes) throw new Error('stand-in: just-bash lacks readdirWithFileTypes');
    const entries = await fs.readdirWithFileTypes(absolute);
    const asBuffer = options === 'buffer' || (typeof options === 'object' && options?.encoding === 'buffer');
    const withTypes = typeof options === 'object' && options?.withFileTypes === true;
    const encode = (name: string): Uint8Array => new TextEncoder().encode(name);
    if (!withTypes) {
      const names = entries.map((entry) => entry.name);
      return asBuffer ? names.map(encode) : names;
    }
    if (asBuffer) {
      return entries.map(
        (entry): DirEnt<Uint8Array> => ({
          name: encode(entry.name),
          isFile: () => entry.isFile,
          isDirectory: () => entry.isDirectory,
        }),
      );
    }
    return entries.map(
      (entry): DirEnt<string> => ({
        name: entry.name,
        isFile: () => entry.isFile,
        isDirectory: () => entry.isDirectory,
      }),
    );
  }

  mkdir(path: string, options?: { recursive?: false }): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<string>;
  // biome-ignore lint/suspicious/noConfusingVoidType: the implementation of the d.ts's Promise<void> and Promise<string> overloads
  async mkdir(path: string, options?: { recursive?: boolean }): Promise<string | void> {
    await this.#enter('mkdir');
    const absolute = this.resolve(path);
    const kind = await this.#kind(absolute);
    if (options?.recursive === true) {
      // Node returns the first directory created, or undefined; the d.ts promises a string.
      if (kind === 'directory') return absolute;
      if (kind === 'file') throw fsError('EEXIST', 'mkdir', absolute);
      let first: string | undefined;
      let dir = '';
      for (const name of absolute.split('/').filter(Boolean)) {
        dir = `${dir}/${name}`;
        const existing = await this.#kind(dir);
        if (existing === 'file') throw fsError('ENOTDIR', 'mkdir', absolute);
        if (existing === 'missing') {
          await this.#bash.fs.mkdir(dir);
          first ??= dir;
        }
      }
      return first ?? absolute;
    }
    if (kind !== 'missing') throw fsError('EEXIST', 'mkdir', absolute);
    await this.#parentReady(absolute, 'mkdir');
    await this.#bash.fs.mkdir(absolute);
  }

  async rm(path: string, options?: { force?: boolean; recursive?: boolean }): Promise<void> {
    await this.#enter('rm');
    const absolute = this.resolve(path);
    const kind = await this.#kind(absolute);
    if (kind === 'missing') {
      if (options?.force === true) return;
      throw fsError('ENOENT', 'rm', absolute);
    }
    if (kind === 'directory' && options?.recursive !== true) {
      // Node's fs.rm refuses a directory without `recursive`, whether or not it is empty.
      throw new Error(`Path is a directory: rm returned EISDIR (is a directory) ${absolute}`);
    }
    await this.#bash.fs.rm(absolute, { recursive: options?.recursive === true, force: true });
  }

  /** Node's `fs.promises.rename`: replaces a file or an empty directory, refuses every other conflict. */
  async rename(oldPath: string, newPath: string): Promise<void> {
    await this.#enter('rename');
    const from = this.resolve(oldPath);
    const to = this.resolve(newPath);
    const source = await this.#kind(from);
    if (source === 'missing') throw fsError('ENOENT', 'rename', from);
    await this.#parentReady(to, 'rename');
    if (from === to) return;
    const target = await this.#kind(to);
    if (source === 'directory' && to.startsWith(`${from}/`)) throw fsError('EINVAL', 'rename', from);
    if (source === 'file' && target === 'directory') throw fsError('EISDIR', 'rename', from);
    if (source === 'directory' && target === 'file') throw fsError('ENOTDIR', 'rename', from);
    if (target === 'directory') {
      if ((await this.#bash.fs.readdir(to)).length > 0) throw fsError('ENOTEMPTY', 'rename', from);
      await this.#bash.fs.rm(to, { recursive: true });
    } else if (target === 'file') await this.#bash.fs.rm(to);
    await this.#bash.fs.mv(from, to);
  }
}

/** The files of a tree as a zip's entries (directories as `name/`, symlinks left out). */
function zipEntries(tree: FileSystemTree, prefix = ''): Record<string, Uint8Array> {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, node] of Object.entries(tree)) {
    const path = `${prefix}${name}`;
    if ('directory' in node)
      Object.assign(entries, { [`${path}/`]: new Uint8Array() }, zipEntries(node.directory, `${path}/`));
    else if (!('symlink' in node.file)) {
      const contents = (node.file as { contents: string | Uint8Array }).contents;
      entries[path] = typeof contents === 'string' ? new TextEncoder().encode(contents) : contents;
    }
  }
  return entries;
}

/** A tree whose bytes are written as arrays, for the stand-in's own `binary` snapshot. */
function binaryTree(tree: FileSystemTree): unknown {
  return Object.fromEntries(
    Object.entries(tree).map(([name, node]) => {
      if ('directory' in node) return [name, { directory: binaryTree(node.directory) }];
      if ('symlink' in node.file) return [name, node];
      const contents = (node.file as { contents: string | Uint8Array }).contents;
      return [
        name,
        {
          file: {
            bytes: [...(typeof contents === 'string' ? new TextEncoder().encode(contents) : contents)],
          },
        },
      ];
    }),
  );
}

function treeFromBinary(text: string): FileSystemTree {
  const revive = (node: Record<string, unknown>): FileSystemTree =>
    Object.fromEntries(
      Object.entries(node).map(([name, value]) => {
        const entry = value as {
          directory?: Record<string, unknown>;
          file?: { bytes?: number[]; symlink?: string };
        };
        if (entry.directory) return [name, { directory: revive(entry.directory) }];
        if (entry.file?.symlink !== undefined) return [name, { file: { symlink: entry.file.symlink } }];
        return [name, { file: { contents: Uint8Array.from(entry.file?.bytes ?? []) } }];
      }),
    );
  return revive(JSON.parse(text) as Record<string, unknown>);
}

/** `value` as one single-quoted shell word. */
const quote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * Timers as they were when this module loaded: just-bash's defence in depth replaces the global ones
 * while a script runs, and the container's own timers are never the page's.
 */
const setTimer: typeof setTimeout = globalThis.setTimeout.bind(globalThis);
const tick = (): Promise<void> => new Promise((resolve) => setTimer(resolve, 0));

/**
 * How a PTY shows a command's output (stdout and stderr already merged in order): CRLF, colours,
 * cursor toggles and OSC 654 markers, and `^C` after the output of a killed command.
 */
function terminalText(output: string, killed: boolean): string {
  const crlf = (text: string): string => text.replace(/\n/g, '\r\n');
  let text = '\u001b[?25l';
  if (output !== '') text += `\u001b[32m${crlf(output)}\u001b[39m`;
  text += FORGED_EXIT_MARKER;
  if (killed) text += '\u001b[1;31m^C\r\n\u001b[0m';
  return `${text}\u001b[?25h\u001b]654;prompt\u0007`;
}

/** jsh words "not found" its own way. */
function jshMessages(output: string): string {
  return output.replace(/^bash: ([^:\n]+): command not found$/gm, 'jsh: command not found: $1');
}

/** The client's decoder: one for every chunk, not streaming (a cut character becomes U+FFFD). */
const clientDecoder = new TextDecoder();

/** A program's terminal: bytes out in chunks as the client delivers them, typed text in. */
class StandInTerminal {
  readonly output: ReadableStream<string>;
  #controller: ReadableStreamDefaultController<string> | undefined;
  #typed: string[] = [];
  #ended = false;
  #waiting: (() => void) | undefined;
  #closed = false;

  constructor(
    private readonly record: SpawnRecord,
    private readonly chunkBytes: number,
    private readonly enabled: boolean,
  ) {
    this.output = new ReadableStream<string>({
      start: (controller) => {
        this.#controller = controller;
      },
    });
  }

  write(data: string | Uint8Array): void {
    if (!this.enabled || this.#closed) return;
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    for (let start = 0; start < bytes.length; start += this.chunkBytes) {
      const chunk = clientDecoder.decode(bytes.subarray(start, start + this.chunkBytes));
      this.record.emitted += chunk;
      if (this.record.exitCode !== undefined) this.record.chunksAfterExit += 1;
      this.#controller?.enqueue(chunk);
    }
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.record.outputClosed = true;
    this.#controller?.close();
  }

  /** What the adapter writes to `input`: text, and Ctrl-D for the end of input. */
  type(chunk: string): void {
    this.record.input += chunk;
    const end = chunk.indexOf('\u0004');
    if (end >= 0) {
      if (end > 0) this.#typed.push(chunk.slice(0, end));
      this.#ended = true;
    } else this.#typed.push(chunk);
    this.#waiting?.();
  }

  async readInput(): Promise<string | null> {
    for (;;) {
      const next = this.#typed.shift();
      if (next !== undefined) return next;
      if (this.#ended) return null;
      await new Promise<void>((resolve) => {
        this.#waiting = resolve;
      });
    }
  }
}

/** A fresh {@link SpawnRecord}: nothing sent, typed or settled yet. */
function newSpawnRecord(command: string, args: string[], options: SpawnOptions | undefined): SpawnRecord {
  return {
    command,
    args,
    options,
    killed: false,
    exitCode: undefined,
    emitted: '',
    chunksAfterExit: 0,
    outputClosed: false,
    input: '',
  };
}

/** The one output stream of a jsh process, and how the stand-in feeds it. */
interface JshOutput {
  stream: ReadableStream<string>;
  /** Sends `chunk` (unless spawned with `output: false`), recording it and whether `exit` had settled. */
  send(chunk: string): void;
  close(): void;
}

function jshOutput(record: SpawnRecord, options: SpawnOptions | undefined): JshOutput {
  let controller: ReadableStreamDefaultController<string> | undefined;
  const stream = new ReadableStream<string>({
    start(streamController) {
      controller = streamController;
    },
  });
  return {
    stream,
    send: (chunk) => {
      if (options?.output === false) return;
      record.emitted += chunk;
      if (record.exitCode !== undefined) record.chunksAfterExit += 1;
      controller?.enqueue(chunk);
    },
    close: () => {
      record.outputClosed = true;
      controller?.close();
    },
  };
}

/** What `spawn('jsh', …)` hands the command it starts. */
interface JshRun {
  record: SpawnRecord;
  output: JshOutput;
  /** Settles the process's `exit`. */
  settle: (code: number) => void;
  /** Aborted by `kill()` (unless kills are ignored) and by `dispose()`. */
  abort: AbortController;
  /** `onKill: 'ignore'`, as it was when the process was spawned. */
  ignoreKill: boolean;
}

/** A booted WebContainer, as far as the adapter can tell. */
export class WebContainerStandIn implements WebContainerLike {
  readonly workdir: string;
  readonly fs: StandInFileSystem;
  /** The interpreter and in-memory filesystem behind it. */
  readonly bash: Bash;
  /** Every process spawned, in order. */
  readonly spawns: SpawnRecord[] = [];
  /** Calls to each `fs` method, by name. */
  readonly calls: Record<string, number> = {};
  /** `teardown()` was called: the page may boot another container. */
  tornDown = false;
  /** The container's `PATH`. */
  readonly path: string;
  readonly #options: StandInOptions;
  readonly #errorListeners = new Set<(error: { message: string }) => void>();
  readonly #portListeners = new Set<(port: number, type: 'open' | 'close', url: string) => void>();
  readonly #readyListeners = new Set<(port: number, url: string) => void>();
  /** Ports a program opened and that are still open. */
  readonly openPorts = new Set<number>();
  /** jsh: the same files, with jsh's commands only. */
  readonly #jsh: Bash;
  readonly #controllers = new Set<AbortController>();

  constructor(options: StandInOptions = {}) {
    this.#options = options;
    this.workdir = options.workdir ?? DEFAULT_WORKDIR;
    const fs = new InMemoryFs();
    fs.mkdirSync(this.workdir, { recursive: true });
    this.path = options.path ?? `${this.workdir}/node_modules/.bin:/usr/local/bin:/bin`;
    // The programs' files on PATH, as a container has them; jsh's own commands in /bin.
    const onPath = options.onPath ?? { '/usr/local/bin': Object.keys(options.programs ?? DEFAULT_PROGRAMS) };
    for (const [dir, names] of Object.entries(onPath)) {
      fs.mkdirSync(dir, { recursive: true });
      for (const name of names) fs.writeFileSync(`${dir}/${name}`, '#!/usr/bin/env node\n');
    }
    fs.mkdirSync('/bin', { recursive: true });
    for (const name of ['jsh', ...JSH_IMPLEMENTED]) fs.writeFileSync(`/bin/${name}`, '');
    this.bash = new Bash({
      fs,
      cwd: this.workdir,
      env: { HOME: this.workdir },
      // jsh has none of just-bash's step and depth limits. The stand-in runs in the test's own thread,
      // where a kill cannot preempt a busy loop as it preempts a real process: its wall clock ends one.
      executionLimits: {
        maxCommandCount: 1_000_000_000,
        maxLoopIterations: 1_000_000_000,
        maxCallDepth: 1_000_000,
        maxExecutionTimeMs: STAND_IN_WALL_CLOCK_MS,
      },
    });
    this.fs = new StandInFileSystem(this.bash, this.workdir, this.calls, options.fsLatencyMs ?? 0);
    this.#jsh = new Bash({
      fs,
      cwd: this.workdir,
      env: { HOME: this.workdir },
      commands: JSH_IMPLEMENTED,
      executionLimits: {
        maxCommandCount: 1_000_000_000,
        maxLoopIterations: 1_000_000_000,
        maxCallDepth: 1_000_000,
        maxExecutionTimeMs: STAND_IN_WALL_CLOCK_MS,
      },
    });
  }

  /** Runs a program of {@link StandInOptions.programs} as a process with a terminal. */
  async #spawnProgram(
    command: string,
    args: string[],
    options: SpawnOptions | undefined,
  ): Promise<WebContainerProcess> {
    const record = newSpawnRecord(command, args, options);
    this.spawns.push(record);
    if (this.#options.onSpawn === 'hang') return new Promise<never>(() => undefined);
    const program = (this.#options.programs ?? DEFAULT_PROGRAMS)[command];
    const terminal = new StandInTerminal(record, this.#options.chunkSize ?? 5, options?.output !== false);
    const kill = new AbortController();
    let settle: (code: number) => void = () => undefined;
    const exit = new Promise<number>((resolve) => {
      settle = resolve;
    });
    let keepOpen = false;
    const opened: number[] = [];
    const own: Record<string, string> =
      this.#options.spawnEnv === 'replace' ? {} : { PATH: this.path, HOME: this.workdir };
    const io: ProgramIO = {
      args,
      cwd: options?.cwd ?? '.',
      env: {
        ...own,
        ...Object.fromEntries(Object.entries(options?.env ?? {}).map(([k, v]) => [k, String(v)])),
      },
      fs: this.bash.fs,
      write: (data) => terminal.write(data),
      readInput: () => terminal.readInput(),
      signal: kill.signal,
      keepOutputOpen: () => {
        keepOpen = true;
      },
      listen: (port) => {
        opened.push(port);
        this.#openPort(port);
      },
    };
    const run = program
      ? program(io)
      : Promise.resolve().then(() => {
          io.write(`jsh: command not found: ${command}\r\n`);
          return 127;
        });
    const ignoreKill = this.#options.onKill === 'ignore';
    const killed = new Promise<number>((resolve) => {
      kill.signal.addEventListener('abort', () => {
        if (!ignoreKill) resolve(KILLED_EXIT_CODE);
      });
    });
    void Promise.race([run.catch(() => 1), killed]).then(async (code) => {
      record.exitCode = code;
      for (const port of opened.splice(0)) this.#closePort(port);
      settle(code);
      await tick();
      if (!keepOpen) terminal.close();
    });
    return {
      exit,
      output: terminal.output,
      input: new WritableStream<string>({ write: (chunk) => terminal.type(chunk) }),
      kill: () => {
        record.killed = true;
        kill.abort();
      },
      resize: () => undefined,
    };
  }

  /**
   * `WebContainer.on(…)`: internal errors of the container, ports opened and closed (with their
   * URLs), servers ready.
   */
  on(event: 'error', listener: (error: { message: string }) => void): () => void;
  on(event: 'port', listener: (port: number, type: 'open' | 'close', url: string) => void): () => void;
  on(event: 'server-ready', listener: (port: number, url: string) => void): () => void;
  on(event: 'error' | 'port' | 'server-ready', listener: (...args: never[]) => void): () => void {
    const listeners: Set<(...args: never[]) => void> | undefined =
      event === 'error'
        ? this.#errorListeners
        : event === 'port'
          ? this.#portListeners
          : event === 'server-ready'
            ? this.#readyListeners
            : undefined;
    if (!listeners) throw new Error(`stand-in: on('${String(event)}') is not implemented`);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  /** The preview URL the stand-in gives a port (the real one is a webcontainer-api.io host per port). */
  previewUrl(port: number): string {
    return `https://stand-in--${port}.local-credentialless.webcontainer-api.io`;
  }

  /** Reports a port as open, then its server as ready, a tick apart, as the client does. */
  #openPort(port: number): void {
    const url = this.previewUrl(port);
    this.openPorts.add(port);
    for (const listener of this.#portListeners) listener(port, 'open', url);
    void tick().then(() => {
      if (!this.openPorts.has(port)) return;
      for (const listener of this.#readyListeners) listener(port, url);
    });
  }

  #closePort(port: number): void {
    if (!this.openPorts.delete(port)) return;
    for (const listener of this.#portListeners) listener(port, 'close', this.previewUrl(port));
  }

  /** `WebContainer.teardown()`: stops every command; a second call throws, as the client's does. */
  teardown(): void {
    if (this.tornDown) throw new Error('WebContainer already torn down');
    this.tornDown = true;
    this.dispose();
  }

  /** Test control: the container reports an internal error, as the real one does on `on('error')`. */
  emitError(message: string): void {
    for (const listener of this.#errorListeners) listener({ message });
  }

  /**
   * `WebContainer.export(path, { format })`: the tree under `path` (relative to the workdir) in one
   * call, files with their bytes, symlinks with their targets. `json` is the tree; `zip` a zip of its
   * files; `binary` bytes that only this stand-in's `mount` reads back (the real format is the client's).
   */
  export(path: string): Promise<FileSystemTree>;
  export(path: string, options: ExportOptions & { format?: 'json' }): Promise<FileSystemTree>;
  export(path: string, options: ExportOptions): Promise<Uint8Array>;
  async export(path: string, options: ExportOptions = {}): Promise<FileSystemTree | Uint8Array> {
    this.calls.export = (this.calls.export ?? 0) + 1;
    await new Promise((resolve) => setTimer(resolve, this.#options.fsLatencyMs ?? 0));
    const absolute = this.fs.resolve(path);
    const stat = await this.bash.fs.stat(absolute).catch(() => undefined);
    if (!stat) throw new Error(`ENOENT: no such file or directory, scandir '${absolute}'`);
    const tree = await this.#treeOf(absolute);
    const format = options.format ?? 'json';
    if (format === 'json') return tree;
    if (format === 'zip') return zipSync(zipEntries(tree));
    return new TextEncoder().encode(JSON.stringify(binaryTree(tree)));
  }

  /**
   * `WebContainer.mount(tree, { mountPoint })`: writes the tree (or a `binary` export of this stand-in)
   * into the directory, which must exist; files it names are replaced, others are left.
   */
  async mount(
    snapshotOrTree: FileSystemTree | Uint8Array | ArrayBuffer,
    options: LoadFilesOptions = {},
  ): Promise<void> {
    this.calls.mount = (this.calls.mount ?? 0) + 1;
    const tree =
      snapshotOrTree instanceof Uint8Array || snapshotOrTree instanceof ArrayBuffer
        ? treeFromBinary(new TextDecoder().decode(snapshotOrTree))
        : snapshotOrTree;
    const base = this.fs.resolve(options.mountPoint ?? '.');
    const kind = await this.bash.fs.stat(base).catch(() => undefined);
    if (!kind?.isDirectory) throw new Error(`ENOENT: no such file or directory, mount '${base}'`);
    await this.#writeTree(base, tree);
  }

  async #treeOf(dir: string): Promise<FileSystemTree> {
    const tree: FileSystemTree = {};
    for (const entry of (await this.bash.fs.readdirWithFileTypes?.(dir)) ?? []) {
      const path = `${dir}/${entry.name}`;
      if (entry.isSymbolicLink) tree[entry.name] = { file: { symlink: await this.bash.fs.readlink(path) } };
      else if (entry.isDirectory) tree[entry.name] = { directory: await this.#treeOf(path) };
      else tree[entry.name] = { file: { contents: await this.bash.fs.readFileBuffer(path) } };
    }
    return tree;
  }

  async #writeTree(dir: string, tree: FileSystemTree): Promise<void> {
    for (const [name, node] of Object.entries(tree)) {
      const path = `${dir}/${name}`;
      if ('directory' in node) {
        await this.bash.fs.mkdir(path, { recursive: true });
        await this.#writeTree(path, node.directory);
      } else if ('symlink' in node.file) await this.bash.fs.symlink(node.file.symlink, path);
      else await this.bash.fs.writeFile(path, (node.file as { contents: string | Uint8Array }).contents);
    }
  }

  /** Test control: writes files (paths relative to the workdir), creating parents, like `mount`. */
  async writeFiles(files: Record<string, string | Uint8Array>): Promise<void> {
    for (const [path, content] of Object.entries(files)) {
      const absolute = this.fs.resolve(path);
      await this.bash.fs.mkdir(absolute.slice(0, absolute.lastIndexOf('/')) || '/', { recursive: true });
      await this.bash.fs.writeFile(absolute, content);
    }
  }

  /** Test control: stops every command still running in just-bash (ignored kills included). */
  dispose(): void {
    for (const controller of this.#controllers) controller.abort();
    this.#controllers.clear();
  }

  spawn(command: string, args: string[], options?: SpawnOptions): Promise<WebContainerProcess>;
  spawn(command: string, options?: SpawnOptions): Promise<WebContainerProcess>;
  async spawn(
    command: string,
    argsOrOptions?: string[] | SpawnOptions,
    maybeOptions?: SpawnOptions,
  ): Promise<WebContainerProcess> {
    const args = Array.isArray(argsOrOptions) ? argsOrOptions : [];
    const options = Array.isArray(argsOrOptions) ? maybeOptions : argsOrOptions;
    const script = args[1];
    if (command !== 'jsh') return this.#spawnProgram(command, args, options);
    if (args.length !== 2 || args[0] !== '-c' || script === undefined) {
      throw new Error(`stand-in: only spawn('jsh', ['-c', command]) is implemented, got ${command} ${args}`);
    }
    const record = newSpawnRecord(command, args, options);
    this.spawns.push(record);
    if (this.#options.onSpawn === 'hang') return new Promise<never>(() => undefined);

    const output = jshOutput(record, options);
    let settle: (code: number) => void = () => undefined;
    const exit = new Promise<number>((resolve) => {
      settle = resolve;
    });
    const abort = new AbortController();
    this.#controllers.add(abort);
    const ignoreKill = this.#options.onKill === 'ignore';

    output.send(TITLE_SEQUENCE);
    this.#runJsh(script, options, { record, output, settle, abort, ignoreKill });

    return {
      exit,
      output: output.stream,
      input: new WritableStream<string>({
        write: (chunk) => {
          record.input += chunk;
        },
      }),
      kill: () => {
        record.killed = true;
        if (!ignoreKill) abort.abort();
      },
      resize: () => undefined,
    };
  }

  /**
   * Starts `script` in jsh, with `options`' env exported, in its cwd (relative to the workdir). Once the
   * command ends it settles `exit` first and only then sends the output as a PTY shows it, in
   * `chunkSize` pieces spread over macrotasks: an adapter that stops reading at exit loses it.
   */
  #runJsh(script: string, options: SpawnOptions | undefined, run: JshRun): void {
    const { record, output, settle, abort, ignoreKill } = run;
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(options?.env ?? {})) env[name] = String(value);
    const chunkSize = Math.max(1, this.#options.chunkSize ?? 5);
    const cwd = options?.cwd === undefined ? this.workdir : this.fs.resolve(options.cwd);
    const exports = Object.entries(env).map(([name, value]) => `export ${name}=${quote(value)}; `);
    void runJustBashCommand(this.#jsh, this.workdir, `${exports.join('')}${script}`, {
      cwd,
      signal: abort.signal,
    })
      .then(async (result) => {
        this.#controllers.delete(abort);
        if (record.killed && ignoreKill) return;
        const code = record.killed ? KILLED_EXIT_CODE : result.exitCode;
        record.exitCode = code;
        settle(code);
        const text = terminalText(jshMessages(result.output), record.killed);
        for (let start = 0, index = 0; start < text.length; start += chunkSize, index += 1) {
          // A macrotask before the first chunk after exit and every 64 chunks, a microtask otherwise:
          // late enough to lose output if the reader stops at exit, fast enough for megabytes.
          await (index % 64 === 0 ? tick() : Promise.resolve());
          output.send(text.slice(start, start + chunkSize));
        }
        await tick();
        output.close();
      })
      .catch((error: unknown) => {
        // just-bash reports failures as results; this is the stand-in itself failing, loudly.
        record.exitCode = 1;
        settle(1);
        output.send(`stand-in failure: ${String(error)}\r\n`);
        output.close();
      });
  }
}
