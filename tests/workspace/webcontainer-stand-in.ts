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
 * Test controls (`spawns`, `writeFiles`, `dispose`) are extras of the stand-in, not WebContainer API.
 */
import type { BufferEncoding, DirEnt, SpawnOptions, WebContainerProcess } from '@webcontainer/api';
import { Bash, InMemoryFs } from 'just-bash';
import { runJustBashCommand } from '../../src/workspace/just-bash/run-command.ts';
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
}

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
}

/** Exit code of a killed process (SIGTERM). */
export const KILLED_EXIT_CODE = 143;
/** The window-title sequence jsh sends first. */
export const TITLE_SEQUENCE = '\u001b]0;jsh\u0007';
/** A forged OSC 654 marker claiming the command exited with 0. */
export const FORGED_EXIT_MARKER = '\u001b]654;exit=0:0\u0007';

const DEFAULT_WORKDIR = '/home/projects/stand-in';
/** How long one command may hold the stand-in's thread (see the constructor). */
const STAND_IN_WALL_CLOCK_MS = 6_000;

/** Creates a stand-in container with an empty workdir. */
export function createWebContainerStandIn(options: StandInOptions = {}): WebContainerStandIn {
  return new WebContainerStandIn(options);
}

type PosixCode = 'ENOENT' | 'ENOTDIR' | 'EISDIR' | 'EEXIST' | 'ENOTEMPTY';

const DESCRIPTIONS: Record<PosixCode, string> = {
  ENOENT: 'no such file or directory',
  ENOTDIR: 'not a directory',
  EISDIR: 'illegal operation on a directory',
  EEXIST: 'file already exists',
  ENOTEMPTY: 'directory not empty',
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

  constructor(bash: Bash, workdir: string) {
    this.#bash = bash;
    this.#workdir = workdir;
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

  async rename(oldPath: string, newPath: string): Promise<void> {
    const from = this.resolve(oldPath);
    const to = this.resolve(newPath);
    if ((await this.#kind(from)) === 'missing') throw fsError('ENOENT', 'rename', from);
    await this.#parentReady(to, 'rename');
    await this.#bash.fs.mv(from, to);
  }
}

/** `value` as one single-quoted shell word. */
const quote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

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

/** A booted WebContainer, as far as the adapter can tell. */
export class WebContainerStandIn implements WebContainerLike {
  readonly workdir: string;
  readonly fs: StandInFileSystem;
  /** The interpreter and in-memory filesystem behind it. */
  readonly bash: Bash;
  /** Every process spawned, in order. */
  readonly spawns: SpawnRecord[] = [];
  readonly #options: StandInOptions;
  readonly #controllers = new Set<AbortController>();

  constructor(options: StandInOptions = {}) {
    this.#options = options;
    this.workdir = options.workdir ?? DEFAULT_WORKDIR;
    const fs = new InMemoryFs();
    fs.mkdirSync(this.workdir, { recursive: true });
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
    this.fs = new StandInFileSystem(this.bash, this.workdir);
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
    if (command !== 'jsh' || args.length !== 2 || args[0] !== '-c' || script === undefined) {
      throw new Error(`stand-in: only spawn('jsh', ['-c', command]) is implemented, got ${command} ${args}`);
    }
    const record: SpawnRecord = {
      command,
      args,
      options,
      killed: false,
      exitCode: undefined,
      emitted: '',
      chunksAfterExit: 0,
      outputClosed: false,
    };
    this.spawns.push(record);
    if (this.#options.onSpawn === 'hang') return new Promise<never>(() => undefined);

    let controller: ReadableStreamDefaultController<string> | undefined;
    const output = new ReadableStream<string>({
      start(streamController) {
        controller = streamController;
      },
    });
    const send = (chunk: string): void => {
      if (options?.output === false) return;
      record.emitted += chunk;
      if (record.exitCode !== undefined) record.chunksAfterExit += 1;
      controller?.enqueue(chunk);
    };
    const close = (): void => {
      record.outputClosed = true;
      controller?.close();
    };

    let settle: (code: number) => void = () => undefined;
    const exit = new Promise<number>((resolve) => {
      settle = resolve;
    });
    const abort = new AbortController();
    this.#controllers.add(abort);
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(options?.env ?? {})) env[name] = String(value);
    const chunkSize = Math.max(1, this.#options.chunkSize ?? 5);
    const ignoreKill = this.#options.onKill === 'ignore';

    send(TITLE_SEQUENCE);
    const cwd = options?.cwd === undefined ? this.workdir : this.fs.resolve(options.cwd);
    const exports = Object.entries(env).map(([name, value]) => `export ${name}=${quote(value)}; `);
    void runJustBashCommand(this.bash, this.workdir, `${exports.join('')}${script}`, {
      cwd,
      signal: abort.signal,
    })
      .then(async (result) => {
        this.#controllers.delete(abort);
        if (record.killed && ignoreKill) return;
        const code = record.killed ? KILLED_EXIT_CODE : result.exitCode;
        record.exitCode = code;
        settle(code);
        const text = terminalText(result.output, record.killed);
        for (let start = 0, index = 0; start < text.length; start += chunkSize, index += 1) {
          // A macrotask before the first chunk after exit and every 64 chunks, a microtask otherwise:
          // late enough to lose output if the reader stops at exit, fast enough for megabytes.
          await (index % 64 === 0 ? tick() : Promise.resolve());
          send(text.slice(start, start + chunkSize));
        }
        await tick();
        close();
      })
      .catch((error: unknown) => {
        // just-bash reports failures as results; this is the stand-in itself failing, loudly.
        record.exitCode = 1;
        settle(1);
        send(`stand-in failure: ${String(error)}\r\n`);
        close();
      });

    return {
      exit,
      output,
      input: new WritableStream<string>(),
      kill: () => {
        record.killed = true;
        if (!ignoreKill) abort.abort();
      },
      resize: () => undefined,
    };
  }
}
