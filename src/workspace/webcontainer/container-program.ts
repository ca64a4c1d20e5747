/**
 * Runs one program as a process in the WebContainer, for a script the interpreter runs: the commands
 * only the container has (`node`, `npm`, ...). Imports this folder and the types of
 * `@webcontainer/api`.
 *
 * What the container's client does, and what this file does about it:
 * - **stdin is an open terminal.** `process.input` never ends on its own, so `cat`, `npm init` or a
 *   `create-…` prompt would wait until the timeout. What the script pipes in is written, then the
 *   terminal's end-of-input character (Ctrl-D) and the stream is closed; the environment says
 *   "not interactive" (`CI`, `npm_config_yes`), and a process still running at the stop whose output
 *   ends in a prompt gets a notice saying it may have been waiting for input.
 * - **The output stream may never end** (a background child holds it open) and chunks may arrive
 *   after `exit`. The command ends at `exit` plus a short quiet period (no new chunk), never at
 *   end-of-stream, bounded by the grace period.
 * - **Terminal noise.** A terminal size is given, colours are turned off (`NO_COLOR`, `TERM=dumb`),
 *   and escape sequences and `\r` spinner frames are removed (`stripTerminalOutput`).
 * - **Text, not bytes.** The client decodes each terminal chunk on its own (a non-streaming
 *   `TextDecoder.decode` per chunk, in `@webcontainer/api`'s `binaryListener`), so a character cut
 *   between two chunks arrives as U+FFFD on both sides, and so does a byte that is not UTF-8. The
 *   public API offers no way around it: `spawn` has no raw or binary output option (`output: false`
 *   only silences the stream), stdout and stderr are not separable, the raw `Uint8Array`s exist only
 *   behind the client's private, unexported RPC proxy, and redirecting to a file needs a shell inside
 *   the container (jsh) or a wrapper process, either of which changes what the program sees (no
 *   terminal) for every command. So the bytes are lost before the adapter sees them; when a program's
 *   output holds U+FFFD, the command's stderr says so and how to get exact bytes (the program writes a
 *   file itself; `wc.fs.readFile` returns bytes). Files read by the interpreter never pass through the
 *   terminal and keep every byte.
 */
import type { SpawnOptions, WebContainerProcess } from '@webcontainer/api';
import { OutputTail, stripTerminalOutput } from './terminal-output.ts';

/** Environment every container process gets, under what the host and the script set. */
export const NON_INTERACTIVE_ENV: Readonly<Record<string, string>> = {
  CI: '1',
  npm_config_yes: 'true',
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  TERM: 'dumb',
  COLUMNS: '120',
  LINES: '40',
};

/**
 * Variables of the interpreter that describe the interpreter itself; the container has its own
 * (`PATH` above all: the interpreter's `/usr/bin:/bin` would hide `node`'s directory).
 */
const INTERPRETER_ONLY: ReadonlySet<string> = new Set([
  'PATH',
  'HOME',
  'PWD',
  'OLDPWD',
  'SHELL',
  'SHLVL',
  'IFS',
  'OSTYPE',
  'MACHTYPE',
  'HOSTTYPE',
  'HOSTNAME',
  'OPTIND',
  'SHELLOPTS',
  'BASHOPTS',
  '_',
]);

/**
 * The environment of a container program: the container's own `PATH` and `HOME` (given explicitly,
 * so the program finds `node` whether `spawn`'s `env` is merged with the container's or replaces it),
 * {@link NON_INTERACTIVE_ENV}, the host's variables, then the script's exported ones except those
 * that describe the interpreter.
 */
export function programEnvironment(
  containerEnv: Record<string, string>,
  hostEnv: Record<string, string>,
  exported: Record<string, string> | undefined,
): Record<string, string> {
  const env: Record<string, string> = { ...containerEnv, ...NON_INTERACTIVE_ENV, ...hostEnv };
  for (const [key, value] of Object.entries(exported ?? {})) {
    if (!INTERPRETER_ONLY.has(key)) env[key] = value;
  }
  return env;
}

/** The terminal size every process gets (a PTY without one wraps at 80 columns or less). */
export const TERMINAL_SIZE = { cols: 120, rows: 40 } as const;

/** Ctrl-D: what a terminal sends to end input. */
const END_OF_INPUT = '\u0004';

/** Exit code of a process killed at the stop (SIGTERM's), before the runner reports 124. */
const KILLED = 143;

/** Timer functions as they were when this module loaded (just-bash swaps them while a script runs). */
const setTimer: typeof setTimeout = globalThis.setTimeout.bind(globalThis);
const clearTimer: typeof clearTimeout = globalThis.clearTimeout.bind(globalThis);

/** What a container process needs from a booted WebContainer. */
export interface ProcessSpawner {
  spawn(command: string, args: string[], options?: SpawnOptions): Promise<WebContainerProcess>;
}

/** One process to run. */
export interface ProcessRequest {
  command: string;
  args: string[];
  /** Relative to the workdir; undefined for the workdir itself. */
  cwd: string | undefined;
  env: Record<string, string>;
  /** What the script pipes in (UTF-8 text); empty for none. */
  stdin: string;
  /** Aborted at the call's stop (timeout or abort): the process is killed. */
  stop: AbortSignal;
  /** After exit, how long without a new chunk before the output counts as complete. */
  quietMs: number;
  /** Upper bound of the waits after exit or kill. */
  graceMs: number;
  maxOutputBytes: number;
}

/** What a process did, as the interpreter needs it. */
export interface ProcessOutcome {
  output: string;
  exitCode: number;
  /** The process did not exit within the grace period after its kill. */
  stuck: boolean;
}

/** Starts the process, feeds and closes its input, and collects its output until exit plus quiet. */
export async function runContainerProcess(
  spawner: ProcessSpawner,
  request: ProcessRequest,
): Promise<ProcessOutcome> {
  const options: SpawnOptions = { env: request.env, output: true, terminal: { ...TERMINAL_SIZE } };
  if (request.cwd !== undefined) options.cwd = request.cwd;
  const stopped = new Promise<'stop'>((resolve) => {
    if (request.stop.aborted) resolve('stop');
    request.stop.addEventListener('abort', () => resolve('stop'), { once: true });
  });
  const spawning = spawner.spawn(request.command, request.args, options);
  const started = await Promise.race([spawning, stopped]);
  if (started === 'stop') {
    // The container did not even start the process: stop it if it ever starts.
    spawning.then(
      (late) => late.kill(),
      () => undefined,
    );
    return {
      output: `[The WebContainer did not start ${request.command} before the stop.]\n`,
      exitCode: KILLED,
      stuck: true,
    };
  }
  const child = started;
  const tail = new OutputTail(request.maxOutputBytes);
  const reading = readOutput(child.output, tail);
  void closeInput(child.input, request.stdin);

  const first = await Promise.race([
    child.exit.then(
      (code) => ({ code }),
      () => ({ code: 1 }),
    ),
    stopped,
  ]);
  if (first !== 'stop') {
    await reading.quiet(request.quietMs, request.graceMs);
    reading.detach();
    return { output: stripTerminalOutput(tail.text()), exitCode: first.code, stuck: false };
  }
  child.kill();
  const exited = await within(child.exit, request.graceMs);
  if (exited) await reading.quiet(request.quietMs, request.graceMs);
  reading.detach();
  const output = stripTerminalOutput(tail.text());
  return { output: output + waitingNotice(request.command, output), exitCode: KILLED, stuck: !exited };
}

/**
 * Writes the piped input, then Ctrl-D, then closes the stream. Never rejects. After text without a
 * final newline a terminal's first Ctrl-D only hands over that text, and a second one ends input:
 * two are sent then, so the program sees the end whichever way the container's terminal reads them.
 */
async function closeInput(input: WritableStream<string>, stdin: string): Promise<void> {
  try {
    const writer = input.getWriter();
    if (stdin !== '') await writer.write(stdin);
    const unfinished = stdin !== '' && !stdin.endsWith('\n');
    await writer.write(unfinished ? END_OF_INPUT.repeat(2) : END_OF_INPUT);
    await writer.close();
  } catch {
    // A process that already exited has no input to close.
  }
}

/** The stream being read, with the time of the last chunk. */
interface Reading {
  /** Resolves once no chunk came for `quietMs`, or the stream ended, or `graceMs` passed. */
  quiet(quietMs: number, graceMs: number): Promise<void>;
  /** Stops keeping chunks; reading goes on, discarding, so the container never buffers. */
  detach(): void;
}

function readOutput(output: ReadableStream<string>, tail: OutputTail): Reading {
  let keep: OutputTail | undefined = tail;
  let ended = false;
  let lastChunkAt = Date.now();
  const reader = output.getReader();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        lastChunkAt = Date.now();
        keep?.push(value);
      }
    } catch {
      // A stream that errors has ended: what was read is what there is.
    } finally {
      ended = true;
    }
  })();
  return {
    async quiet(quietMs, graceMs) {
      const deadline = Date.now() + graceMs;
      lastChunkAt = Math.max(lastChunkAt, Date.now());
      while (!ended && Date.now() < deadline && Date.now() - lastChunkAt < quietMs) {
        await sleep(Math.min(quietMs - (Date.now() - lastChunkAt), deadline - Date.now()) + 1);
      }
    },
    detach() {
      keep = undefined;
    },
  };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimer(resolve, Math.max(0, ms)));

/** Whether `promise` settles within `ms`. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<false>((resolve) => {
    timer = setTimer(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      expired,
    ]);
  } finally {
    clearTimer(timer);
  }
}

/**
 * Added when a process was stopped while its output ended in an unfinished line (a prompt such as
 * `? Project name: ›` or `Ok to proceed? (y)`): it was most likely waiting for an answer.
 */
function waitingNotice(command: string, output: string): string {
  const lastLine = output.slice(output.lastIndexOf('\n') + 1);
  if (lastLine.trim() === '') return '';
  return `\n[${command} was still running at the stop and its output ends in an unfinished line: it was probably waiting for input. Its stdin is closed (nobody can type an answer), so pass the answers as flags (for example --yes, -y, or the create tool's options) or pipe them in: printf 'y\\n' | ${command} ...]\n`;
}

/**
 * Added (on stderr) when a program's output holds U+FFFD: a character was probably cut between two
 * terminal chunks, or a byte was not UTF-8, and the client replaced it before the adapter saw it.
 */
export function damagedOutputNotice(command: string): string {
  return `[${command}'s output holds U+FFFD (\uFFFD): the WebContainer's terminal decodes each chunk of output on its own, so a character split between two chunks, or a byte that is not UTF-8, arrives replaced. Redirecting with > does not help (the shell gets the text already replaced); for the exact bytes, have the program write the file itself (in node: fs.writeFileSync) and read that file.]\n`;
}
